import type {
  AdminBookListQuery,
  AdminBookPage,
  BookDetail,
  BookHistoryEntry,
  BookUpdateBody,
} from '@contract/books';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { withParam } from '@/lib/api-client';

/**
 * The admin's Books screen (docs/product.md §2 Books): its page of books and a book's history
 * ('AdminBooks' tag); an edit or a removal refreshes them and the catalogue ('Books') at once.
 */
export const adminBooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/books (admin): a page of the live books with their stored stock and holds. */
    getAdminBooks: build.query<AdminBookPage, AdminBookListQuery>({
      query: (query) => ({ url: '/admin/books', query }),
      responseSchema: lazySchema(() =>
        import('@contract/books').then((m) => m.adminBookPageSchema),
      ),
      providesTags: ['AdminBooks'],
    }),

    /** GET /admin/books/{id}/history (admin): the book's changes, newest first. */
    getBookHistory: build.query<BookHistoryEntry[], string>({
      query: (id) => ({ url: `${withParam('/admin/books', id)}/history` }),
      responseSchema: lazySchema(() => import('@contract/books').then((m) => m.bookHistorySchema)),
      providesTags: (_result, _error, id) => [{ type: 'AdminBooks', id }],
    }),

    /** PATCH /books/{id} (admin): the changed fields only. */
    updateBook: build.mutation<BookDetail, { id: string; changes: BookUpdateBody }>({
      query: ({ id, changes }) => ({
        url: withParam('/books', id),
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: ['AdminBooks', 'Books', 'Cart'],
    }),

    /** DELETE /books/{id} (admin): carts show it as unavailable, orders keep it. */
    removeBook: build.mutation<void, string>({
      query: (id) => ({ url: withParam('/books', id), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['AdminBooks', 'Books', 'Cart'],
    }),
  }),
});

export const {
  useGetAdminBooksQuery,
  useGetBookHistoryQuery,
  useUpdateBookMutation,
  useRemoveBookMutation,
} = adminBooksApi;
