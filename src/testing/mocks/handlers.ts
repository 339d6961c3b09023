import { http, HttpResponse } from 'msw';
import type { Book } from '@contract/books';
import { env } from '@/config/env';
import { db } from './db';
import { userHandlers } from './user-handlers';

/** Full URL pattern of a product-API path, as the api-client builds it. */
export const apiPath = (path: string) => `${env.apiUrl}${path}`;

const CATEGORIES: readonly string[] = ['programming', 'story', 'science fiction'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function apiError(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}

export const handlers = [
  http.get('/course.json', () => HttpResponse.json(db.courses)),

  http.get(apiPath('/books'), ({ request }) => {
    const params = new URL(request.url).searchParams;
    const category = params.get('category');
    if (category !== null && !CATEGORIES.includes(category)) {
      return apiError(400, 'bad_request', 'Unknown category');
    }
    let books: Book[] = db.books;
    if (category) books = books.filter((book) => book.category === category);
    const q = params.get('q')?.toLowerCase();
    if (q) books = books.filter((book) => book.name.toLowerCase().includes(q));
    const limit = Number(params.get('limit') ?? books.length);
    const page = Number(params.get('page') ?? 1);
    return HttpResponse.json(books.slice((page - 1) * limit, page * limit));
  }),

  http.post(apiPath('/newsletter'), async ({ request }) => {
    const body = (await request.json().catch(() => null)) as { email?: unknown } | null;
    const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (!email) return apiError(400, 'bad_request', 'Email is required');
    if (!EMAIL.test(email)) return apiError(400, 'bad_request', 'Invalid email address');
    if (db.subscribers.has(email))
      return HttpResponse.json({ message: 'You are already subscribed.' }, { status: 200 });
    db.subscribers.add(email);
    return HttpResponse.json({ message: 'Thanks for subscribing!' }, { status: 201 });
  }),

  ...userHandlers,
];
