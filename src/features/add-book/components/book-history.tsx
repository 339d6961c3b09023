import type { BookHistoryEntry } from '@contract/books';
import { formatCents, toCents } from '@contract/money';
import { errorMessageOr } from '@/lib/api/error-message';
import { useGetBookHistoryQuery } from '../api/admin-books-api';

const ACTIONS: Record<BookHistoryEntry['action'], string> = {
  'book.create': 'Added',
  'book.update': 'Edited',
  'book.remove': 'Removed',
  'book.refund': 'Refunded',
};

const money = (value: unknown) => (typeof value === 'number' ? formatCents(toCents(value)) : '?');
const cents = (value: unknown) => (typeof value === 'number' ? formatCents(value) : '?');
const quoted = (value: unknown) => (typeof value === 'string' ? `“${value}”` : String(value));

/** One field's change, `price $10.00 → $11.00`; long or binary fields only say that they changed. */
function describeChange(field: string, change: unknown): string {
  if (!Array.isArray(change) || change.length !== 2) return `${field} changed`;
  const [before, after] = change as [unknown, unknown];
  switch (field) {
    case 'priceCents':
      return `price ${cents(before)} → ${cents(after)}`;
    case 'stock':
      return `stock ${String(before)} → ${String(after)}`;
    case 'description':
      return 'description changed';
    case 'image':
      return 'new cover';
    default:
      return `${field} ${quoted(before)} → ${quoted(after)}`;
  }
}

/** What an entry changed, in words. */
function describeEntry(entry: BookHistoryEntry): string {
  switch (entry.action) {
    case 'book.update':
      return Object.entries(entry.changes)
        .map(([field, change]) => describeChange(field, change))
        .join(', ');
    case 'book.create': {
      const { priceCents, stock } = entry.changes;
      return typeof priceCents === 'number'
        ? `Added to the catalogue at ${cents(priceCents)}, stock ${String(stock)}`
        : 'Added to the catalogue';
    }
    case 'book.remove':
      return 'Removed from the catalogue';
    case 'book.refund': {
      const { orderNumber, copies, amount } = entry.changes;
      const count = copies === 1 ? '1 copy' : `${String(copies)} copies`;
      return `${count} of order ${String(orderNumber)} (${money(amount)}), back in stock once Stripe confirms`;
    }
  }
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who changed the book, when, and what (the audit log), newest first. */
export function BookHistory({ bookId }: { bookId: string }) {
  const { data, error, isError, isLoading } = useGetBookHistoryQuery(bookId);
  return (
    <section aria-labelledby="book-history-heading" className="space-y-3">
      <h2 id="book-history-heading" className="text-lg font-semibold">
        History
      </h2>
      {isLoading ? (
        <p className="text-sm text-base-content/70">Loading the history…</p>
      ) : isError ? (
        <p role="alert" className="text-sm text-error">
          {errorMessageOr(error, 'Could not load the history.')}
        </p>
      ) : !data || data.length === 0 ? (
        <p className="text-sm text-base-content/70">No changes recorded yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Changes, newest first">
          {data.map((entry) => (
            <li key={entry.id} className="rounded-xl bg-base-200/50 p-3 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">{ACTIONS[entry.action]}</span>{' '}
                <span className="break-all text-base-content/80">by {entry.actorEmail}</span>{' '}
                <time dateTime={entry.createdAt} className="text-xs text-base-content/70">
                  {when(entry.createdAt)}
                </time>
              </p>
              <p className="mt-1 break-words">{describeEntry(entry)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
