import type { Checkout, MyCheckoutPage } from '@contract/orders';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/orders').then((m) => m.ORDER_ROUTES));

/**
 * The signed-in user's orders (docs/product.md §2.13, §7): checkouts and their lines (one order per
 * paid line), made by the server.
 */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders?page=: the caller's checkouts, ten to a page, newest first (My Orders). */
    getMyCheckouts: build.query<MyCheckoutPage, number>({
      ...route('GET /api/orders', (page: number) => ({ query: { page } })),
      providesTags: ['Orders'],
    }),

    /** GET /orders/{paymentId}: one checkout, for its confirmation and receipt (owner or admin). */
    getCheckout: build.query<Checkout, string>({
      ...route('GET /api/orders/:id', (paymentId: string) => ({ params: { id: paymentId } })),
      providesTags: ['Orders'],
    }),

    /** DELETE /booking/dlt/{id}: the caller's own order (anyone else's is a 404). */
    deleteOrder: build.mutation<void, string>({
      ...route(
        'DELETE /api/booking/dlt/:id',
        (id: string) => ({ params: { id } }),
        () => undefined,
      ),
      invalidatesTags: ['Orders'],
    }),
  }),
});

export const { useGetMyCheckoutsQuery, useGetCheckoutQuery, useDeleteOrderMutation } = ordersApi;
