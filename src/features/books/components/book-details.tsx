import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { stockLabel, stockState } from '@contract/book-rules';
import { formatCents, toCents } from '@contract/money';
import { LazyNotFoundPage } from '@/components/lazy-not-found-page';
import { PageTitle } from '@/components/page-title';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { apiFailureOf } from '@/lib/api/error-message';
import { bookDescription } from '@/lib/page-meta';
import { booksErrorMessage, useGetBookQuery, useGetBooksQuery } from '../api/books-api';
import { MORE_IN_CATEGORY, moreInCategoryQuery } from '../catalogue-params';
import type { Book, BookDetail } from '../types';
import { BookCard, BookCardSkeleton } from './book-card';

type Props = {
  bookId: string;
  /** The book's Order Now (from the book cart): the two features meet in the route. */
  renderOrderNow: (book: BookDetail, soldOut: boolean) => ReactNode;
  /** Order Now under each of the other books. */
  renderAction?: (book: Book) => ReactNode;
};

const stockClass = {
  'in-stock': 'bg-emerald-100 text-emerald-900',
  low: 'bg-amber-100 text-amber-900',
  'sold-out': 'bg-base-300 text-base-content',
} as const;

function BookNotFound() {
  return (
    <LazyNotFoundPage
      title="Book not found"
      away={{ to: paths.book, label: 'Browse the catalogue' }}
      namesTab
    >
      This book is not in our catalogue, or it has been taken off sale.
    </LazyNotFoundPage>
  );
}

/** The same boxes as the loaded page, so nothing moves when the book arrives. */
function BookDetailsSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-8 md:grid-cols-[minmax(0,22rem)_1fr] md:gap-12">
      <div className="skeleton mx-auto aspect-[3/4] w-full max-w-xs rounded-2xl md:max-w-none" />
      <div className="space-y-4">
        <span className="skeleton block h-6 w-28 rounded-full" />
        <span className="skeleton block h-10 w-3/4 rounded" />
        <span className="skeleton block h-6 w-1/3 rounded" />
        <span className="skeleton block h-9 w-24 rounded" />
        <span className="skeleton block h-12 w-full max-w-xs rounded-xl" />
        <span className="skeleton block h-24 w-full rounded" />
      </div>
    </div>
  );
}

function MoreInCategory({
  book,
  renderAction,
}: {
  book: BookDetail;
  renderAction?: (book: Book) => ReactNode;
}) {
  const { data, isLoading } = useGetBooksQuery(moreInCategoryQuery(book));
  const others = (data ?? []).filter((other) => other._id !== book._id).slice(0, MORE_IN_CATEGORY);
  if (!isLoading && others.length === 0) return null;
  return (
    <section aria-labelledby="more-in-category" className="mt-16">
      <h2 id="more-in-category" className="text-xl font-bold tracking-tight sm:text-2xl">
        More in <span className="capitalize">{book.category}</span>
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {isLoading
          ? Array.from({ length: MORE_IN_CATEGORY }, (_, index) => (
              <li key={index}>
                <BookCardSkeleton withAction={Boolean(renderAction)} />
              </li>
            ))
          : others.map((other) => (
              <li key={other._id}>
                <BookCard book={other} renderAction={renderAction} />
              </li>
            ))}
      </ul>
    </section>
  );
}

/**
 * A book's page at /book/{id} (docs/product.md §2.5a): large cover, name, author, category, price,
 * stock, Order Now and the description; "More in {category}" below. An unknown or removed book
 * is a not-found page with a way back to the catalogue.
 */
export function BookDetails({ bookId, renderOrderNow, renderAction }: Props) {
  const { data: book, error, isError, refetch } = useGetBookQuery(bookId);

  if (isError && apiFailureOf(error)?.status === 404) return <BookNotFound />;

  const state = book ? stockState(book.stock) : null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageTitle
        title={book ? book.name : 'Book'}
        description={book ? bookDescription(book) : undefined}
      />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to={paths.book} className="link text-base-content/80">
          Books
        </Link>
        <span aria-hidden="true" className="mx-2 text-base-content/40">
          /
        </span>
        <span aria-current="page" className="text-base-content/90">
          {book ? book.name : 'Loading…'}
        </span>
      </nav>
      {isError ? (
        <LoadError message={booksErrorMessage(error)} onRetry={() => void refetch()} />
      ) : !book || !state ? (
        <BookDetailsSkeleton />
      ) : (
        <article
          aria-labelledby="book-title"
          className="grid gap-8 md:grid-cols-[minmax(0,22rem)_1fr] md:gap-12"
        >
          <img
            src={book.image}
            alt={`Cover of ${book.name}`}
            width={300}
            height={420}
            // The page's largest paint: fetched before anything else it shows.
            fetchPriority="high"
            className="mx-auto aspect-[3/4] w-full max-w-xs rounded-2xl bg-base-200 object-cover shadow-lg md:max-w-none"
          />
          <div className="flex flex-col gap-4">
            <p>
              <Link
                to={`${paths.book}?category=${encodeURIComponent(book.category)}`}
                className="badge badge-outline h-auto rounded-full px-3 py-1 text-sm capitalize"
              >
                {book.category}
              </Link>
            </p>
            <h1 id="book-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {book.name}
            </h1>
            {book.author && <p className="text-lg text-base-content/80">by {book.author}</p>}
            <p className="text-3xl font-bold text-primary">{formatCents(toCents(book.price))}</p>
            <p>
              <span
                className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${stockClass[state.kind]}`}
              >
                {stockLabel(book.stock)}
              </span>
            </p>
            <div className="w-full max-w-xs">{renderOrderNow(book, state.kind === 'sold-out')}</div>
            {book.description && (
              <section aria-labelledby="about-book" className="mt-4">
                <h2 id="about-book" className="text-lg font-semibold">
                  About this book
                </h2>
                {/* Plain text: line breaks as the admin wrote them. */}
                <p className="mt-2 whitespace-pre-line leading-relaxed text-base-content/85">
                  {book.description}
                </p>
              </section>
            )}
          </div>
        </article>
      )}
      {book && <MoreInCategory book={book} renderAction={renderAction} />}
    </div>
  );
}
