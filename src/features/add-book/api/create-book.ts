import type { BookCreateBody, BookCreated } from '@contract/books';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/books').then((m) => m.BOOK_ROUTES));

const addBookApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /book (admin). */
    createBook: build.mutation<BookCreated, BookCreateBody>({
      ...route('POST /api/book', (body: BookCreateBody) => ({ body })),
      // Every catalogue screen (/book, /all-books, home) shows the new book at once.
      invalidatesTags: ['Books'],
    }),
  }),
});

export const { useCreateBookMutation } = addBookApi;
