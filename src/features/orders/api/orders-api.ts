import { checkoutSchema, orderListSchema, type Checkout, type Order } from '@contract/orders';
import { baseApi } from '@/lib/api/base-api';
import { withParam } from '@/lib/api-client';

/** The signed-in user's orders (docs/product.md §2 Orders, §7): one per paid line, made by the server. */
export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /booking/email/{email}: newest first. */
    getOrders: build.query<Order[], string>({
      query: (email) => ({ url: withParam('/booking/email', email) }),
      responseSchema: orderListSchema,
      providesTags: ['Orders'],
    }),

    /** GET /orders/{paymentId}: one checkout, for its confirmation and receipt (owner or admin). */
    getCheckout: build.query<Checkout, string>({
      query: (paymentId) => ({ url: withParam('/orders', paymentId) }),
      responseSchema: checkoutSchema,
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

export const { useGetOrdersQuery, useGetCheckoutQuery, useDeleteOrderMutation } = ordersApi;
