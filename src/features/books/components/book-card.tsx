import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, toCents } from '@contract/money';
import { paths } from '@/config/paths';
import type { Book } from '../types';

type Props = {
  book: Book;
  /** A button under the book (e.g. Order Now); one function for every card, so a card is redrawn only when its book changes. */
  renderAction?: (book: Book) => ReactNode;
  /** For the first row: load the cover at once rather than when it nears the viewport. */
  eager?: boolean;
};

const cardClass =
  'flex h-full flex-col overflow-hidden rounded-2xl border border-base-200 bg-base-100 shadow-sm';
// Two lines are kept for every name, so a short name and a loading card are as tall as a long one.
const nameClass = 'line-clamp-2 min-h-[2lh] text-sm font-semibold leading-snug sm:text-base';
const priceClass = 'mt-auto text-base font-bold sm:text-lg';

/**
 * A book in a grid: cover, name, author, category and price, each cover and name a link to the
 * book's page; `renderAction` adds a button (e.g. Order Now). Memoised: a grid re-rendered for
 * another reason (a new address, a page coming in) skips the cards whose book is the same.
 */
export const BookCard = memo(function BookCard({ book, renderAction, eager = false }: Props) {
  return (
    <article
      aria-label={book.name}
      className={`group ${cardClass} transition duration-200 hover:-translate-y-1 hover:shadow-lg`}
    >
      {/* The name is the link the keyboard meets; the cover is the same link for a pointer. */}
      <Link
        to={paths.bookPage(book._id)}
        tabIndex={-1}
        className="relative block aspect-[3/4] overflow-hidden bg-base-200"
      >
        <img
          src={book.image}
          alt={`Cover of ${book.name}`}
          width={300}
          height={420}
          loading={eager ? 'eager' : 'lazy'}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        {/* Under the cover, not on it: the covers print the author's name at the top or foot. */}
        <p className="text-xs font-medium uppercase tracking-wide text-base-content/70">
          {book.category}
        </p>
        <h3 className={nameClass}>
          <Link to={paths.bookPage(book._id)} className="hover:text-primary hover:underline">
            {book.name}
          </Link>
        </h3>
        <p className={`${priceClass} text-primary`}>{formatCents(toCents(book.price))}</p>
        {renderAction?.(book)}
      </div>
    </article>
  );
});

/** Books as a labelled grid of their cards (`className` lays the grid out). */
export function BookGrid({
  books,
  renderAction,
  className,
}: {
  books: readonly Book[];
  renderAction?: (book: Book) => ReactNode;
  className: string;
}) {
  return (
    <ul aria-label="Books" className={className}>
      {books.map((book) => (
        <li key={book._id}>
          <BookCard book={book} renderAction={renderAction} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A card's placeholder while books load: the same boxes as BookCard (and as its button with
 * `withAction`), so nothing moves when the books arrive.
 */
export function BookCardSkeleton({ withAction = false }: { withAction?: boolean }) {
  return (
    <div aria-hidden="true" className={cardClass}>
      <div className="skeleton aspect-[3/4] rounded-none" />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="text-xs">
          <span className="skeleton block h-[1lh] w-1/4 rounded" />
        </p>
        <div className={nameClass}>
          <span className="skeleton block h-[1lh] w-4/5 rounded" />
        </div>
        <p className={priceClass}>
          <span className="skeleton block h-[1lh] w-1/3 rounded" />
        </p>
        {withAction && <span className="skeleton btn btn-sm btn-block rounded-lg border-0" />}
      </div>
    </div>
  );
}
