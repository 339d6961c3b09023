import { baseApi } from '@/lib/api/base-api';
import type { BookPageQuery } from '../catalogue-params';
import type { Book, BookDetail, BookListQuery, BookPage } from '../types';

/** GET /books in the shared RTK Query cache (the catalogue, All Books and the home's books). */
export const booksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Without `page`: every match (optionally the first `limit`). */
    getBooks: build.query<Book[], BookListQuery>({
      query: (query) => ({ url: '/books', query }),
      transformResponse: (books: unknown) => (Array.isArray(books) ? (books as Book[]) : []),
      providesTags: ['Books'],
    }),
    /** With `page`: one page of the matches and how many there are in all. */
    getBookPage: build.query<BookPage, BookPageQuery>({
      query: (query) => ({ url: '/books', query }),
      providesTags: ['Books'],
    }),
    /** GET /books/{id}: a book's page (its details and the copies left); 404 once removed. */
    getBook: build.query<BookDetail, string>({
      query: (id) => ({ url: `/books/${encodeURIComponent(id)}` }),
      providesTags: (_result, _error, id) => ['Books', { type: 'Books', id }],
    }),
  }),
});

export const { useGetBooksQuery, useGetBookPageQuery, useGetBookQuery } = booksApi;

export { booksErrorMessage } from './books-error';
