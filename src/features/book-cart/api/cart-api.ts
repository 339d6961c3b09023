import type { AddToCartBody, CartLine } from '@contract/carts';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/carts').then((m) => m.CART_ROUTES));

/** The signed-in user's book cart (docs/product.md §4). Its lines also drive the navbar badge. */
export const cartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /carts: the caller's lines. Skip it for visitors (the route needs a token). */
    getCart: build.query<CartLine[], void>({
      ...route('GET /api/carts', () => ({})),
      providesTags: ['Cart'],
    }),

    /** POST /cart: a new line (201), or `quantity` more of a book already in the cart (200). */
    addToCart: build.mutation<CartLine, Pick<AddToCartBody, 'bookId' | 'quantity'>>({
      ...route('POST /api/cart', (body: Pick<AddToCartBody, 'bookId' | 'quantity'>) => ({ body })),
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
      ...route(
        'PUT /api/carts/quantity/:id',
        ({ id, quantity }: { id: string; quantity: number }) => ({
          params: { id },
          body: { quantity },
        }),
        () => undefined,
      ),
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
      ...route(
        'DELETE /api/carts/delete/:id',
        (id: string) => ({ params: { id } }),
        () => undefined,
      ),
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
