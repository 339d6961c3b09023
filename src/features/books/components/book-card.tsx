import type { ReactNode } from 'react';
import { formatCents, toCents } from '@contract/money';
import type { Book } from '../types';

type Props = { book: Book; action?: ReactNode };

/** A book in a grid: cover, name, category and price; `action` adds a button (e.g. Order Now). */
export function BookCard({ book, action }: Props) {
  return (
    <article
      aria-label={book.name}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-base-200 bg-base-100 shadow-sm transition duration-200 hover:-translate-y-1 hover:shadow-lg"
    >
      <div className="relative aspect-[3/4] overflow-hidden bg-base-200">
        <img
          src={book.image}
          alt={`Cover of ${book.name}`}
          width={300}
          height={420}
          loading="lazy"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <span className="badge absolute left-2 top-2 border-0 bg-base-100/90 text-xs font-medium capitalize text-base-content shadow-sm">
          {book.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug sm:text-base">
          {book.name}
        </h3>
        <p className="mt-auto text-base font-bold text-primary sm:text-lg">
          {formatCents(toCents(book.price))}
        </p>
        {action}
      </div>
    </article>
  );
}
