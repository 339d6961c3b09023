import { BOOK_MESSAGES, type BookDetail, type BookUpdateBody } from '../../contract/books';
import { DomainError } from '../../contract/domain-error';
import { centsToDollars, toCents } from '../../contract/money';
import type { Db } from '../db/client';
import { recordAudit } from '../db/repositories/audit-log';
import {
  findBook,
  lockBook,
  updateBook,
  type BookPatch,
  type BookRecord,
} from '../db/repositories/books';

/** A unique-index violation (a concurrent write took the name first). */
function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}

/** The fields of `after` that differ from `before`, as { field: [before, after] } in dollars. */
function changesBetween(before: BookRecord, after: BookRecord): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof BookRecord)[]) {
    if (key === 'id' || before[key] === after[key]) continue;
    if (key === 'priceCents') {
      changes.price = [centsToDollars(before.priceCents), centsToDollars(after.priceCents)];
    } else {
      changes[key] = [before[key], after[key]];
    }
  }
  return changes;
}

/**
 * PATCH /books/{id}: writes the changed fields and an audit row in one transaction. A new price
 * is what every cart shows and the next checkout charges (carts read the catalogue's price).
 */
export async function updateBookAsAdmin(
  db: Db,
  input: { actorEmail: string; id: string; body: BookUpdateBody },
): Promise<BookDetail> {
  const { price, ...fields } = input.body;
  const patch: BookPatch = {
    ...fields,
    ...(price === undefined ? {} : { priceCents: toCents(price) }),
  };
  let outcome: BookRecord | 'name-taken' | undefined;
  try {
    outcome = await db.transaction(async (tx) => {
      const before = await lockBook(tx, input.id);
      if (!before) return undefined;
      const after = await updateBook(tx, input.id, patch);
      if (!after || after === 'name-taken') return after;
      const changes = changesBetween(before, after);
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, {
          actorEmail: input.actorEmail,
          action: 'book.update',
          subjectId: input.id,
          changes,
        });
      }
      return after;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    outcome = 'name-taken';
  }
  if (outcome === 'name-taken') {
    throw new DomainError('conflict', `A book named "${patch.name ?? ''}" already exists`);
  }
  if (!outcome) throw new DomainError('not-found', BOOK_MESSAGES.notFound);
  const book = await findBook(db, input.id);
  if (!book) throw new DomainError('not-found', BOOK_MESSAGES.notFound);
  return book;
}
