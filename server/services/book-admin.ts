import { BOOK_MESSAGES, type BookDetail } from '../../contract/books';
import { DomainError } from '../../contract/domain-error';
import type { InCents } from '../../contract/money';
import type { Db } from '../db/client';
import { recordAudit } from '../db/repositories/audit-log';
import {
  createBook,
  findBook,
  lockBook,
  removeBook,
  updateBook,
  type BookPatch,
  type BookRecord,
  type NewBook,
} from '../db/repositories/books';

// The admin's writes to the catalogue: each one and its audit row in one transaction, so neither
// exists without the other. Prices arrive in cents (the route converts the API's dollars).

/** POST /book: adds the book; a name already in the catalogue is a 409. */
export async function createBookAsAdmin(
  db: Db,
  input: { actorEmail: string; book: NewBook },
): Promise<{ id: string }> {
  const { actorEmail, book } = input;
  const created = await db.transaction(async (tx) => {
    const inserted = await createBook(tx, book);
    if (inserted) {
      await recordAudit(tx, {
        actorEmail,
        action: 'book.create',
        subjectId: inserted.id,
        changes: book,
      });
    }
    return inserted;
  });
  if (!created) throw new DomainError('conflict', `A book named "${book.name}" already exists`);
  return created;
}

/** DELETE /books/{id}: takes the book out of the catalogue; an unknown or removed one is a 404. */
export async function removeBookAsAdmin(
  db: Db,
  input: { actorEmail: string; id: string },
): Promise<void> {
  const { actorEmail, id } = input;
  const removed = await db.transaction(async (tx) => {
    if (!(await removeBook(tx, id))) return false;
    await recordAudit(tx, { actorEmail, action: 'book.remove', subjectId: id, changes: {} });
    return true;
  });
  if (!removed) throw new DomainError('not-found', BOOK_MESSAGES.notFound);
}

/** A unique-index violation (a concurrent write took the name first). */
function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}

/**
 * The fields of `after` that differ from `before`, as { field: [before, after] }: the price as
 * `priceCents`, in cents, as the creation's row has it (docs/decisions.md D74).
 */
function changesBetween(before: BookRecord, after: BookRecord): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof BookRecord)[]) {
    if (key !== 'id' && before[key] !== after[key]) changes[key] = [before[key], after[key]];
  }
  return changes;
}

/**
 * PATCH /books/{id}: writes the changed fields and an audit row in one transaction. A new price
 * is what every cart shows and the next checkout charges (carts read the catalogue's price).
 */
export async function updateBookAsAdmin(
  db: Db,
  input: { actorEmail: string; id: string; patch: BookPatch },
): Promise<InCents<BookDetail>> {
  const { patch } = input;
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
