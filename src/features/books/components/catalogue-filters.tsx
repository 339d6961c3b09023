import { memo, startTransition, useEffect, useOptimistic, useState } from 'react';
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

/** Typing waits this long before it searches, so a word is one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The filters as the address holds them, and what changes them (each navigates). */
type Props = {
  q: string;
  category: BookCategory | null;
  sort: BookSort;
  onSearch: (q: string) => void;
  onCategoryChange: (category: BookCategory | null) => void;
  onSortChange: (sort: BookSort) => void;
};

const labelClass = 'mb-1 block text-sm font-medium';

/**
 * Search, category and sort; on a phone the two menus share a row under the search box.
 *
 * A category or sort picked navigates as a transition (docs/decisions.md D76): the menu shows it at
 * once (an optimistic value), and the page the new address asks for renders after, in slices,
 * never holding the next key or tap. Typing redraws this form alone, not the results.
 */
export const CatalogueFilters = memo(function CatalogueFilters({
  q,
  category,
  sort,
  onSearch,
  onCategoryChange,
  onSortChange,
}: Props) {
  const [shownCategory, setShownCategory] = useOptimistic(category);
  const [shownSort, setShownSort] = useOptimistic(sort);

  // The box shows what is typed; the address follows after a pause. An address changed from
  // elsewhere (back/forward, Clear filters) puts its search text back in the box.
  const [text, setText] = useState(q);
  const [addressQ, setAddressQ] = useState(q);
  if (addressQ !== q) {
    setAddressQ(q);
    if (text.trim() !== q) setText(q);
  }
  const typed = text.trim().slice(0, SEARCH_MAX_LENGTH);
  // A plain update, not a transition: the box is the address's too (back/forward put its text
  // back), and a search committed later than the next key would take that key away.
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => onSearch(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, onSearch]);

  const searchRef = useEarlyInput<HTMLInputElement>(text, setText);
  return (
    <form
      role="search"
      aria-label="Books"
      className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_12rem]"
      onSubmit={(event) => {
        // Enter in the search box: search now rather than after the pause.
        event.preventDefault();
        onSearch(typed);
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
          onChange={(event) => setText(event.target.value)}
          className="input input-bordered w-full rounded-lg"
        />
      </div>
      <div className="min-w-0">
        <label htmlFor="book-category" className={labelClass}>
          Category
        </label>
        <select
          id="book-category"
          value={shownCategory ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            const next = BOOK_CATEGORIES.find((known) => known === value) ?? null;
            startTransition(() => {
              setShownCategory(next);
              onCategoryChange(next);
            });
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
          value={shownSort}
          onChange={(event) => {
            const value = event.target.value;
            const known = BOOK_SORTS.find((key) => key === value);
            if (!known) return;
            startTransition(() => {
              setShownSort(known);
              onSortChange(known);
            });
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
});
