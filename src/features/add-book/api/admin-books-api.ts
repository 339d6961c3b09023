import type {
  AdminBookListQuery,
  AdminBookPage,
  BookDetail,
  BookHistoryEntry,
  BookUpdateBody,
} from '@contract/books';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/books').then((m) => m.BOOK_ROUTES));

/**
 * The admin's Books screen (docs/product.md §2 Books): its page of books and a book's history
 * ('AdminBooks' tag); an edit or a removal refreshes them and the catalogue ('Books') at once.
 */
export const adminBooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/books (admin): a page of the live books with their stored stock and holds. */
    getAdminBooks: build.query<AdminBookPage, AdminBookListQuery>({
      ...route('GET /api/admin/books', (query: AdminBookListQuery) => ({ query })),
      providesTags: ['AdminBooks'],
    }),

    /** GET /admin/books/{id}/history (admin): the book's changes, newest first. */
    getBookHistory: build.query<BookHistoryEntry[], string>({
      ...route('GET /api/admin/books/:id/history', (id: string) => ({ params: { id } })),
      providesTags: (_result, _error, id) => [{ type: 'AdminBooks', id }],
    }),

    /** PATCH /books/{id} (admin): the changed fields only. */
    updateBook: build.mutation<BookDetail, { id: string; changes: BookUpdateBody }>({
      ...route(
        'PATCH /api/books/:id',
        ({ id, changes }: { id: string; changes: BookUpdateBody }) => ({
          params: { id },
          body: changes,
        }),
      ),
      invalidatesTags: ['AdminBooks', 'Books', 'Cart'],
    }),

    /** DELETE /books/{id} (admin): carts show it as unavailable, orders keep it. */
    removeBook: build.mutation<void, string>({
      ...route(
        'DELETE /api/books/:id',
        (id: string) => ({ params: { id } }),
        () => undefined,
      ),
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
