import { http, HttpResponse } from 'msw';
import { detectImageType } from '@contract/image-rules';
import { BOOK_MESSAGES, DEFAULT_ADMIN_BOOK_PAGE_SIZE } from '@contract/book-rules';
import type { AdminBook, BookHistoryEntry } from '@contract/books';
import { toCents } from '@contract/money';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { db, type DbBook, type DbUser } from './db';
import { readImage, serveImage, storeImage } from './image-uploads';

// Adding a book (docs/architecture.md §3): POST /book, and the image hosts it uploads to first, the product
// server's /images and imgbb. Who may call them and how bodies are checked come from contract/.

let bookSequence = 0;
let auditSequence = 0;
let imgbbSequence = 0;

/** Writes an admin's change to the audit log, as the server does in the change's transaction. */
export function recordAudit(
  caller: DbUser | null,
  bookId: string,
  action: BookHistoryEntry['action'],
  changes: Record<string, unknown>,
): void {
  db.audit.push({
    id: String(++auditSequence),
    bookId,
    actorEmail: requireCaller(caller).email,
    action,
    changes,
    createdAt: new Date().toISOString(),
  });
}

// Names compare by code unit like the server's `collate "C"`: lower-cased, then as is, then id.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: DbBook, b: DbBook) =>
  compareText(a.name.toLowerCase(), b.name.toLowerCase()) ||
  compareText(a.name, b.name) ||
  compareText(a._id, b._id);

/** A row of the admin's Books screen: the stored stock and the copies held. */
const adminRow = ({ removed: _removed, held = 0, ...book }: DbBook): AdminBook => ({
  ...book,
  held,
});

/** A book of the catalogue (not removed), as GET /books/{id} answers it; 404 otherwise. */
function liveBook(id: string): DbBook {
  const book = db.books.find((candidate) => candidate._id === id && !candidate.removed);
  if (!book) throw new ApiFailure(404, BOOK_MESSAGES.notFound);
  return book;
}

export const catalogueAdminHandlers = [
  apiRoute('POST /api/book', {
    handle: ({ body, caller }) => {
      if (db.books.some((book) => !book.removed && book.name === body.name)) {
        throw new ApiFailure(409, `A book named "${body.name}" already exists`);
      }
      const insertedId = `b-new-${++bookSequence}`;
      db.books.push({ _id: insertedId, ...body, description: body.description ?? '' });
      const { price, ...fields } = body;
      recordAudit(caller, insertedId, 'book.create', { ...fields, priceCents: toCents(price) });
      return HttpResponse.json({ acknowledged: true, insertedId }, { status: 201 });
    },
  }),

  apiRoute('GET /api/books/:id', {
    handle: ({ params }) => HttpResponse.json(liveBook(params.id)),
  }),

  apiRoute('PATCH /api/books/:id', {
    handle: ({ params, body, caller }) => {
      const book = liveBook(params.id);
      if (
        body.name !== undefined &&
        db.books.some(
          (other) => !other.removed && other._id !== book._id && other.name === body.name,
        )
      ) {
        throw new ApiFailure(409, `A book named "${body.name}" already exists`);
      }
      // As the server's audit row: the price as `priceCents`, in cents (D74).
      const changes: Record<string, [unknown, unknown]> = {};
      for (const [field, value] of Object.entries(body)) {
        const before: unknown = book[field as keyof DbBook];
        if (before === value) continue;
        if (field === 'price' && typeof value === 'number') {
          changes.priceCents = [toCents(book.price), toCents(value)];
        } else {
          changes[field] = [before, value];
        }
      }
      Object.assign(book, body);
      if (Object.keys(changes).length > 0) recordAudit(caller, book._id, 'book.update', changes);
      const { held: _held, ...detail } = liveBook(params.id);
      return HttpResponse.json(detail);
    },
  }),

  apiRoute('DELETE /api/books/:id', {
    handle: ({ params, caller }) => {
      liveBook(params.id).removed = true;
      recordAudit(caller, params.id, 'book.remove', {});
      return HttpResponse.json({ acknowledged: true, removedId: params.id });
    },
  }),

  apiRoute('POST /api/images', {
    handle: async ({ request }) => {
      const url = storeImage(await readImage(request));
      return HttpResponse.json({ success: true, data: { url } });
    },
  }),

  apiRoute('GET /api/images/:id', { handle: ({ params: { id } }) => serveImage(id) }),
];

/**
 * The admin's Books screen: GET /admin/books and a book's history. Listed before the user
 * handlers: `GET /api/admin/:email` would otherwise take `/api/admin/books` (the server's router
 * prefers the static path).
 */
export const adminBookHandlers = [
  apiRoute('GET /api/admin/books', {
    handle: ({ query }) => {
      const q = query.q?.toLowerCase();
      const matches = db.books
        .filter((book) => !book.removed)
        .filter(
          (book) =>
            !q || book.name.toLowerCase().includes(q) || book.author.toLowerCase().includes(q),
        )
        .sort(byName);
      const page = query.page ?? 1;
      const limit = query.limit ?? DEFAULT_ADMIN_BOOK_PAGE_SIZE;
      const start = (page - 1) * limit;
      return HttpResponse.json({
        books: matches.slice(start, start + limit).map(adminRow),
        total: matches.length,
        page,
        limit,
      });
    },
  }),

  apiRoute('GET /api/admin/books/:id/history', {
    handle: ({ params }) => {
      // A removed book keeps its history.
      if (!db.books.some((book) => book._id === params.id)) {
        throw new ApiFailure(404, BOOK_MESSAGES.notFound);
      }
      const entries = db.audit
        .filter((entry) => entry.bookId === params.id)
        .reverse()
        .map(({ bookId: _bookId, ...entry }) => entry);
      return HttpResponse.json(entries);
    },
  }),
];

// Not imported from src/features/add-book/api/images-api.ts: the test setup loads these handlers, and a test that
// mocks the env (VITE_IMGBB_API_KEY) needs image-host loaded after its mock.
const IMGBB_UPLOAD_URL = 'https://api.imgbb.com/1/upload';

/**
 * imgbb's upload API (https://api.imgbb.com/): `key` in the query, the file in the multipart field
 * `image`; `{ data: { url, … }, success: true, status: 200 }`, or its error shape.
 */
export const imgbbHandlers = [
  http.post(IMGBB_UPLOAD_URL, async ({ request }) => {
    const imgbbError = (status: number, message: string) =>
      HttpResponse.json(
        { status_code: status, error: { message, code: status }, status_txt: 'Bad Request' },
        { status },
      );
    if (!new URL(request.url).searchParams.get('key')) return imgbbError(400, 'Empty API key.');
    const file = (await request.formData()).get('image');
    if (file === null || typeof file === 'string') return imgbbError(400, 'Empty upload source.');
    if (!detectImageType(new Uint8Array(await file.arrayBuffer()))) {
      return imgbbError(400, 'Invalid image source.');
    }
    const id = `ibb${++imgbbSequence}`;
    const url = `https://i.ibb.co/${id}/${encodeURIComponent(file.name || 'image')}`;
    return HttpResponse.json({
      data: { id, url, display_url: url, url_viewer: `https://ibb.co/${id}`, size: file.size },
      success: true,
      status: 200,
    });
  }),
];
