import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOOK_AUDIT_ACTIONS, BOOK_MESSAGES, type BookHistoryEntry } from '../../contract/books';
import { DomainError } from '../../contract/domain-error';
import { inDollars } from '../../contract/money';
import { listAudit, type AuditEntry } from '../db/repositories/audit-log';
import { bookEverExisted, listBooksForAdmin } from '../db/repositories/books';
import { apiRoute } from '../plugins/api-route';

const BOOK_ACTIONS: ReadonlySet<string> = new Set(BOOK_AUDIT_ACTIONS);

function isBookEntry(
  entry: AuditEntry,
): entry is AuditEntry & { action: BookHistoryEntry['action'] } {
  return BOOK_ACTIONS.has(entry.action);
}

/**
 * The admin's Books screen (docs/product.md, "Books"): the live books with their stored stock,
 * and a book's history. Its edits go through PATCH and DELETE /books/{id} (routes/books.ts).
 */
export const adminBookRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/admin/books', {}, async (request) => {
    const { items, total, page, limit } = await listBooksForAdmin(app.db, request.query);
    return { books: items.map(inDollars), total, page, limit };
  });

  apiRoute(app, 'GET /api/admin/books/:id/history', {}, async (request) => {
    const { id } = request.params;
    // A removed book still has its history; an id that never was a book is a 404.
    if (!(await bookEverExisted(app.db, id))) {
      throw new DomainError('not-found', BOOK_MESSAGES.notFound);
    }
    const entries = await listAudit(app.db, id);
    return entries
      .filter(isBookEntry)
      .map(({ id: entryId, actorEmail, action, changes, createdAt }) => ({
        id: entryId,
        actorEmail,
        action,
        changes,
        createdAt,
      }));
  });
};
