import type { Checkout, MyCheckoutPage } from '@contract/orders';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { withParam } from '@/lib/api-client';

/**
 * The signed-in user's orders (docs/product.md §2.13, §7): checkouts and their lines (one order per
 * paid line), made by the server.
 */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders?page=: the caller's checkouts, ten to a page, newest first (My Orders). */
    getMyCheckouts: build.query<MyCheckoutPage, number>({
      query: (page) => ({ url: '/orders', query: { page } }),
      responseSchema: lazySchema(() =>
        import('@contract/orders').then((m) => m.myCheckoutPageSchema),
      ),
      providesTags: ['Orders'],
    }),

    /** GET /orders/{paymentId}: one checkout, for its confirmation and receipt (owner or admin). */
    getCheckout: build.query<Checkout, string>({
      query: (paymentId) => ({ url: withParam('/orders', paymentId) }),
      responseSchema: lazySchema(() => import('@contract/orders').then((m) => m.checkoutSchema)),
      providesTags: ['Orders'],
    }),

    /** DELETE /booking/dlt/{id}: the caller's own order (anyone else's is a 404). */
    deleteOrder: build.mutation<void, string>({
      query: (id) => ({ url: withParam('/booking/dlt', id), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const { useGetMyCheckoutsQuery, useGetCheckoutQuery, useDeleteOrderMutation } = ordersApi;
