import { baseApi } from '@/lib/api/base-api';
import type { Book, BookListQuery, BookPage } from '../types';

/** A catalogue page: the list query with `page` always given. */
export type BookPageQuery = BookListQuery & { page: number };

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
  }),
});

export const { useGetBooksQuery, useGetBookPageQuery } = booksApi;

export { booksErrorMessage } from './books-error';
