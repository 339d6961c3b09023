import { LoadError } from '@/components/load-error';
import { useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useGetBookPageQuery, booksErrorMessage } from '../api/books-api';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueQuery,
  catalogueSearch,
  EAGER_COVERS,
  parseCatalogueParams,
  type CatalogueParams,
} from '../catalogue-params';
import type { Book } from '../types';
import { BookCard, BookCardSkeleton } from './book-card';
import { CatalogueFilters } from './catalogue-filters';

type Props = {
  /** A button under each book (Order Now, from the book cart). */
  renderAction?: (book: Book) => ReactNode;
};

const plural = (count: number) => `${count} ${count === 1 ? 'book' : 'books'}`;

function emptyText({ q, category }: CatalogueParams): string {
  if (q && category) return `No books match “${q}” in ${category}.`;
  if (q) return `No books match “${q}”.`;
  if (category) return `No books match the category ${category}.`;
  return 'No books in the catalogue yet.';
}

/**
 * The catalogue at /book (docs/product.md §2, docs/decisions.md): search, category, sort and page live in the
 * address, so back/forward, reload and shared links show the same page.
 */
export function BookCatalogue({ renderAction }: Props) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = parseCatalogueParams(new URLSearchParams(search));
  const { q, category, sort, page } = params;

  // A filter changed: the first page of the new results. One set of handlers per address, so
  // the filters (memoised) are not redrawn when only the results change.
  const filterHandlers = useMemo(() => {
    const show = (next: Partial<CatalogueParams>) => {
      const current = parseCatalogueParams(new URLSearchParams(search));
      navigate({ search: catalogueSearch({ ...current, page: 1, ...next }) });
    };
    return {
      onSearch: (next: string) => show({ q: next }),
      onCategoryChange: (next: CatalogueParams['category']) => show({ category: next }),
      onSortChange: (next: CatalogueParams['sort']) => show({ sort: next }),
    };
  }, [search, navigate]);

  const query = useGetBookPageQuery(catalogueQuery(params));
  const { error, isError, refetch } = query;
  // A page that comes in is drawn at transition priority, in slices: the store's update renders
  // at once (synchronously, in the frame's animation callback), and a page of cards drawn there,
  // with its layout and paint, held a slow phone's main thread for 170-250 ms in one task.
  const currentData = useDeferredValue(query.currentData);
  const data = useDeferredValue(query.data);
  // While another page loads, the last one stays (dimmed) so the grid does not collapse.
  const shown = currentData ?? data;
  const stale = currentData === undefined;
  const pageCount = shown ? Math.max(1, Math.ceil(shown.total / shown.limit)) : 1;

  // A page past the end (an old link) shows the last page instead.
  const pastTheEnd = currentData !== undefined && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) {
      navigate({ search: catalogueSearch({ ...params, page: pageCount }) }, { replace: true });
    }
  });

  const pageLink = (target: number) => ({ search: catalogueSearch({ ...params, page: target }) });
  const first = shown ? (shown.page - 1) * shown.limit + 1 : 0;
  const last = shown ? first + shown.books.length - 1 : 0;

  return (
    <section
      aria-labelledby="catalogue-heading"
      className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8"
    >
      <h1 id="catalogue-heading" className="text-3xl font-bold tracking-tight">
        Books
      </h1>
      <p className="mt-2 text-base-content/70">
        Search the catalogue by name, pick a category and sort by price or name.
      </p>

      <div className="mt-6">
        <CatalogueFilters
          q={q}
          category={category}
          sort={sort}
          onSearch={filterHandlers.onSearch}
          onCategoryChange={filterHandlers.onCategoryChange}
          onSortChange={filterHandlers.onSortChange}
        />
      </div>

      <p className="mt-6 min-h-6 text-sm text-base-content/70" aria-live="polite">
        {shown && !stale && shown.total > 0
          ? `${plural(shown.total)} found${pageCount > 1 ? ` · showing ${first}–${last}` : ''}`
          : null}
      </p>

      {/* The cards' names are h3s: the outline needs a level in between. */}
      <h2 className="sr-only">Results</h2>
      <div className="mt-3">
        {isError ? (
          <LoadError message={booksErrorMessage(error)} onRetry={() => void refetch()} />
        ) : !shown ? (
          <ul
            aria-busy="true"
            aria-label="Loading books"
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4"
          >
            {Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, index) => (
              <li key={index}>
                <BookCardSkeleton withAction={renderAction !== undefined} />
              </li>
            ))}
          </ul>
        ) : shown.books.length === 0 && !stale ? (
          <div className="rounded-2xl border border-dashed border-base-300 p-10 text-center">
            <p className="font-medium">{emptyText(params)}</p>
            <button
              type="button"
              className="btn btn-outline btn-primary btn-sm mt-4 rounded-lg normal-case"
              onClick={() => navigate({ search: '' })}
            >
              Clear filters
            </button>
          </div>
        ) : (
          <ul
            aria-label="Books"
            aria-busy={stale}
            className={`grid grid-cols-2 gap-4 transition-opacity sm:grid-cols-3 sm:gap-6 lg:grid-cols-4 ${
              stale ? 'opacity-60' : ''
            }`}
          >
            {shown.books.map((book, index) => (
              <li key={book._id}>
                <BookCard book={book} renderAction={renderAction} eager={index < EAGER_COVERS} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {shown && pageCount > 1 && (
        <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3">
          {page > 1 ? (
            <Link to={pageLink(Math.min(page, pageCount) - 1)} className="btn btn-sm rounded-lg">
              Previous
            </Link>
          ) : (
            <button type="button" disabled className="btn btn-sm rounded-lg">
              Previous
            </button>
          )}
          <span className="text-sm" aria-current="page">
            Page {Math.min(page, pageCount)} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageLink(page + 1)} className="btn btn-sm rounded-lg">
              Next
            </Link>
          ) : (
            <button type="button" disabled className="btn btn-sm rounded-lg">
              Next
            </button>
          )}
        </nav>
      )}
    </section>
  );
}
