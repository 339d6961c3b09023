import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';
import type { BookPageQuery } from '../catalogue-params';
import type { Book, BookDetail, BookListQuery, BookPage } from '../types';

const route = apiRoutes(() => import('@contract/routes/books').then((m) => m.BOOK_ROUTES));

/** GET /books in the shared RTK Query cache (the catalogue, All Books and the home's books). */
export const booksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Without `page`: every match (optionally the first `limit`). */
    getBooks: build.query<Book[], BookListQuery>({
      ...route(
        'GET /api/books',
        (query: BookListQuery) => ({ query }),
        (answer) => (Array.isArray(answer) ? answer : []),
      ),
      providesTags: ['Books'],
    }),
    /** With `page`: one page of the matches and how many there are in all. */
    getBookPage: build.query<BookPage, BookPageQuery>({
      ...route('GET /api/books', (query: BookPageQuery) => ({ query }), pageOf),
      providesTags: ['Books'],
    }),
    /** GET /books/{id}: a book's page (its details and the copies left); 404 once removed. */
    getBook: build.query<BookDetail, string>({
      ...route('GET /api/books/:id', (id: string) => ({ params: { id } })),
      providesTags: (_result, _error, id) => ['Books', { type: 'Books', id }],
    }),
  }),
});

/** The route answers a page when asked for one; anything else is a failure. */
function pageOf(answer: Book[] | BookPage | Uint8Array): BookPage {
  if (Array.isArray(answer) || answer instanceof Uint8Array) {
    throw new Error('GET /books answered a list for a page');
  }
  return answer;
}

export const { useGetBooksQuery, useGetBookPageQuery, useGetBookQuery } = booksApi;

export { booksErrorMessage } from './books-error';
