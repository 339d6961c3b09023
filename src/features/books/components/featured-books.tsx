import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useFeaturedBooks } from '../hooks/use-featured-books';
import type { Book } from '../types';
import { BookGrid } from './book-card';
import { CategoryTiles } from './category-tiles';

/** Home shows the first 4 books (docs/product.md §9). */
export const FEATURED_BOOK_COUNT = 4;

type Props = {
  /** A button under each book (Order Now, from the book cart). */
  renderAction?: (book: Book) => ReactNode;
};

/** The home book list with its category tiles and See More (docs/product.md §2 Home). */
export function FeaturedBooks({ renderAction }: Props) {
  const { books, isLoading, error, retry } = useFeaturedBooks(FEATURED_BOOK_COUNT);
  const shown = books.slice(0, FEATURED_BOOK_COUNT);

  return (
    <section
      id="featured-books"
      aria-labelledby="featured-books-heading"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Bookstore</p>
          <h2
            id="featured-books-heading"
            className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl"
          >
            Popular books
          </h2>
          <p className="mt-2 text-base-content/70">
            Pick a category to browse it, or order one of our latest titles.
          </p>
        </div>
        <Link to={paths.allBooks} className="btn btn-outline btn-primary rounded-lg normal-case">
          See More
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>

      <div className="mt-8">
        <CategoryTiles />
      </div>

      <div className="mt-4">
        {isLoading ? (
          <Spinner label="Loading books…" />
        ) : error ? (
          <LoadError message={error} onRetry={retry} />
        ) : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-base-300 p-10 text-center text-base-content/70">
            No books in this category yet.
          </p>
        ) : (
          <BookGrid
            books={shown}
            renderAction={renderAction}
            className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4"
          />
        )}
      </div>
    </section>
  );
}
