import type { BookCreateBody, BookCreated } from '@contract/books';
import { baseApi } from '@/lib/api/base-api';

const addBookApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /book (admin). */
    createBook: build.mutation<BookCreated, BookCreateBody>({
      query: (body) => ({ url: '/book', method: 'POST', body }),
      // Every catalogue screen (/book, /all-books, home) shows the new book at once.
      invalidatesTags: ['Books'],
    }),
  }),
});

export const { useCreateBookMutation } = addBookApi;
