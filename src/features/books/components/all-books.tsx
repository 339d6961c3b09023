import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { useBooks } from '../hooks/use-books';
import type { Book } from '../types';
import { BookCardSkeleton, BookGrid } from './book-card';

type Props = { renderAction?: (book: Book) => ReactNode };

/** Placeholders shown while the list loads (two rows on a desktop). */
const SKELETON_COUNT = 8;

/** All Books (docs/product.md §2): a cover image and every book with image, name, price and a button. */
export function AllBooks({ renderAction }: Props) {
  const { books, isLoading, error, retry } = useBooks({});
  return (
    <>
      <div className="bg-base-200">
        <img
          src="/images/banners/books-cover.svg"
          alt="Shelves of books"
          width={1600}
          height={400}
          fetchPriority="high"
          className="mx-auto aspect-[4/1] w-full max-w-7xl object-cover"
        />
      </div>
      <section
        aria-labelledby="all-books-heading"
        className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8"
      >
        <h1 id="all-books-heading" className="text-3xl font-bold tracking-tight">
          All Books
        </h1>
        {/* The cards' names are h3s: the outline needs a level in between. */}
        <h2 className="sr-only">Every book</h2>
        <div className="mt-6">
          {error ? (
            <LoadError message={error} onRetry={retry} />
          ) : isLoading ? (
            <ul
              aria-busy="true"
              aria-label="Loading books"
              className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4"
            >
              {Array.from({ length: SKELETON_COUNT }, (_, index) => (
                <li key={index}>
                  <BookCardSkeleton withAction={renderAction !== undefined} />
                </li>
              ))}
            </ul>
          ) : books.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-base-300 p-10 text-center text-base-content/70">
              No books in the catalogue yet.
            </p>
          ) : (
            <BookGrid
              books={books}
              renderAction={renderAction}
              className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4"
            />
          )}
        </div>
      </section>
    </>
  );
}
