import type { BookCreateBody, BookCreated } from '@contract/books';
import { baseApi, type ApiQueryError } from '@/lib/api/base-api';

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

/** The message of a failed RTK Query call, when it is the API's own. */
export function apiErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  const { message } = error as Partial<ApiQueryError>;
  return typeof message === 'string' ? message : undefined;
}
