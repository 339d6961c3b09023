import { BOOK_CATEGORIES } from '@contract/book-categories';
import { BOOK_SORTS } from '@contract/book-rules';
import { useEarlyInput } from '@/lib/use-early-input';
import { SEARCH_MAX_LENGTH } from '../catalogue-params';
import type { BookCategory, BookSort } from '../types';

const SORT_LABELS: Record<BookSort, string> = {
  name: 'Name (A–Z)',
  'price-asc': 'Lowest price',
  'price-desc': 'Highest price',
};

type Props = {
  text: string;
  category: BookCategory | null;
  sort: BookSort;
  onTextChange: (text: string) => void;
  /** Enter in the search box: search now rather than after the pause. */
  onSubmit: () => void;
  onCategoryChange: (category: BookCategory | null) => void;
  onSortChange: (sort: BookSort) => void;
};

const labelClass = 'mb-1 block text-sm font-medium';

/** Search, category and sort; on a phone the two menus share a row under the search box. */
export function CatalogueFilters({
  text,
  category,
  sort,
  onTextChange,
  onSubmit,
  onCategoryChange,
  onSortChange,
}: Props) {
  const searchRef = useEarlyInput<HTMLInputElement>(text, onTextChange);
  return (
    <form
      role="search"
      aria-label="Books"
      className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="book-search" className={labelClass}>
          Search by name
        </label>
        <input
          ref={searchRef}
          id="book-search"
          type="search"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="e.g. dune"
          autoComplete="off"
          onChange={(event) => onTextChange(event.target.value)}
          className="input input-bordered w-full rounded-lg"
        />
      </div>
      <div className="min-w-0">
        <label htmlFor="book-category" className={labelClass}>
          Category
        </label>
        <select
          id="book-category"
          value={category ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onCategoryChange(BOOK_CATEGORIES.find((known) => known === value) ?? null);
          }}
          className="select select-bordered w-full rounded-lg capitalize"
        >
          <option value="">All categories</option>
          {BOOK_CATEGORIES.map((known) => (
            <option key={known} value={known}>
              {known}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor="book-sort" className={labelClass}>
          Sort by
        </label>
        <select
          id="book-sort"
          value={sort}
          onChange={(event) => {
            const value = event.target.value;
            const known = BOOK_SORTS.find((key) => key === value);
            if (known) onSortChange(known);
          }}
          className="select select-bordered w-full rounded-lg"
        >
          {BOOK_SORTS.map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
