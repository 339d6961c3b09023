import { http, HttpResponse } from 'msw';
import {
  DEFAULT_BOOK_PAGE_SIZE,
  type Book,
  type BookListQuery,
  type BookPage,
  type BookSort,
} from '@contract/books';
import { NEWSLETTER_MESSAGES } from '@contract/newsletter';
import { adminCourseHandlers } from './admin-course-handlers';
import { adminOrderHandlers, salesHandlers } from './admin-order-handlers';
import { apiRoute } from './api-route';
import { adminBookHandlers, catalogueAdminHandlers } from './catalogue-admin-handlers';
import { cartHandlers } from './cart-handlers';
import { chatModerationAdminHandlers, chatModerationHandlers } from './chat-moderation-handlers';
import { checkoutHandlers } from './checkout-handlers';
import { courseHandlers } from './course-handlers';
import { stripeHandlers } from './stripe-handlers';
import { db } from './db';
import { chatUnreadHandlers } from './chat-unread-handlers';
import { chatDrawingHandlers } from './chat-drawing-handlers';
import { userHandlers } from './user-handlers';
import { adminVitalsHandlers, vitalsHandlers } from './vitals-handlers';

export { apiPath } from './api-route';

// Names compare by code unit like the server's `collate "C"`: lower-cased, then as is, then id.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName = (a: Book, b: Book) =>
  compareText(a.name.toLowerCase(), b.name.toLowerCase()) ||
  compareText(a.name, b.name) ||
  compareText(a._id, b._id);

const ORDER: Record<BookSort, (a: Book, b: Book) => number> = {
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  name: byName,
};

/** A book as the catalogue lists it (no description or stock). */
const publicBook = ({ _id, name, price, image, category, author }: Book): Book => ({
  _id,
  name,
  price,
  image,
  category,
  author,
});

/** The catalogue as the server's listBooks answers it: filtered, sorted, paged when asked. */
function listBooks(query: BookListQuery): { items: Book[]; total: number; limit: number } {
  const q = query.q?.toLowerCase();
  const matches = db.books
    .filter((book) => !book.removed)
    .map(publicBook)
    .filter((book) => !query.category || book.category === query.category)
    .filter((book) => !q || book.name.toLowerCase().includes(q))
    .sort(ORDER[query.sort ?? 'name']);
  if (query.page === undefined && query.limit === undefined) {
    return { items: matches, total: matches.length, limit: matches.length };
  }
  const limit = query.limit ?? DEFAULT_BOOK_PAGE_SIZE;
  const start = ((query.page ?? 1) - 1) * limit;
  return { items: matches.slice(start, start + limit), total: matches.length, limit };
}

export const handlers = [
  // The spec's course fetch: the published courses' `_id, name, price, image` (issue 31 §1).
  http.get('/course.json', () =>
    HttpResponse.json(
      db.courses.map(({ _id, name, price, image }) => ({ _id, name, price, image })),
    ),
  ),

  apiRoute('GET /api/courses', { handle: () => HttpResponse.json(db.courses) }),

  apiRoute('GET /api/books', {
    handle: ({ query }) => {
      const { items, total, limit } = listBooks(query);
      // With `page` the answer is one page and the total (bookPageSchema); without, the books.
      if (query.page !== undefined) {
        const page: BookPage = { books: items, total, page: query.page, limit };
        return HttpResponse.json(page);
      }
      return HttpResponse.json(items, { headers: { 'x-total-count': String(total) } });
    },
  }),

  apiRoute('POST /api/newsletter', {
    handle: ({ body }) => {
      if (db.subscribers.has(body.email)) {
        return HttpResponse.json({ message: NEWSLETTER_MESSAGES.exists }, { status: 200 });
      }
      db.subscribers.add(body.email);
      return HttpResponse.json({ message: NEWSLETTER_MESSAGES.created }, { status: 201 });
    },
  }),

  // Before userHandlers: their `GET /api/admin/:email` would match `/api/admin/books` and
  // `/api/admin/orders`.
  ...adminBookHandlers,
  ...adminCourseHandlers,
  ...adminOrderHandlers,
  ...salesHandlers,
  ...adminVitalsHandlers,
  ...chatModerationAdminHandlers,
  ...userHandlers,
  ...chatModerationHandlers,
  ...chatUnreadHandlers,
  ...chatDrawingHandlers,
  ...catalogueAdminHandlers,
  ...cartHandlers,
  ...checkoutHandlers,
  // After checkoutHandlers: `GET /api/courses/:id` would take `/api/courses/owned`.
  ...courseHandlers,
  ...stripeHandlers,
  ...vitalsHandlers,
];
