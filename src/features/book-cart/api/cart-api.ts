import type { AddToCartBody, CartLine } from '@contract/carts';
import { baseApi } from '@/lib/api/base-api';
import { withParam } from '@/lib/api-client';

/** The signed-in user's book cart (docs/product.md §4). Its lines also drive the navbar badge. */
export const cartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /carts: the caller's lines. Skip it for visitors (the route needs a token). */
    getCart: build.query<CartLine[], void>({
      query: () => ({ url: '/carts' }),
      transformResponse: (lines: unknown) => (Array.isArray(lines) ? (lines as CartLine[]) : []),
      providesTags: ['Cart'],
    }),

    /** POST /cart: a new line (201), or `quantity` more of a book already in the cart (200). */
    addToCart: build.mutation<CartLine, Pick<AddToCartBody, 'bookId' | 'quantity'>>({
      query: (body) => ({ url: '/cart', method: 'POST', body }),
      // The answer is the line as stored: show it at once, the refetch then confirms it.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data: line } = await queryFulfilled;
          dispatch(
            cartApi.util.updateQueryData('getCart', undefined, (lines) => {
              const index = lines.findIndex((existing) => existing._id === line._id);
              if (index === -1) lines.push(line);
              else lines[index] = line;
            }),
          );
        } catch {
          // The caller shows the error; the cache is untouched.
        }
      },
      invalidatesTags: ['Cart'],
    }),

    /** PUT /carts/quantity/{id}: applied optimistically, undone when the server refuses. */
    setCartQuantity: build.mutation<void, { id: string; quantity: number }>({
      query: ({ id, quantity }) => ({
        url: withParam('/carts/quantity', id),
        method: 'PUT',
        body: { quantity },
      }),
      transformResponse: () => undefined,
      async onQueryStarted({ id, quantity }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (lines) => {
            const line = lines.find((existing) => existing._id === id);
            if (line) line.quantity = quantity;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Cart'],
    }),

    /** DELETE /carts/delete/{id}: the line leaves at once, and comes back if the call fails. */
    removeCartLine: build.mutation<void, string>({
      query: (id) => ({ url: withParam('/carts/delete', id), method: 'DELETE' }),
      transformResponse: () => undefined,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (lines) =>
            lines.filter((line) => line._id !== id),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useSetCartQuantityMutation,
  useRemoveCartLineMutation,
} = cartApi;
