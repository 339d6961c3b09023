import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  RefundAccepted,
  RefundBody,
} from '@contract/admin-orders';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { withParam } from '@/lib/api-client';

/**
 * The admin's Orders screen (docs/product.md §2.21): its page of checkouts and one checkout
 * ('AdminOrders' tag); a refund refreshes them, the customers' orders ('Orders') and Sales.
 */
export const adminOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/orders (admin): a page of checkouts, newest first. */
    getAdminOrders: build.query<AdminOrderPage, AdminOrderListQuery>({
      query: (query) => ({ url: '/admin/orders', query }),
      responseSchema: lazySchema(() =>
        import('@contract/admin-orders').then((m) => m.adminOrderPageSchema),
      ),
      providesTags: ['AdminOrders'],
    }),

    /** GET /admin/orders/{id} (admin; the PaymentIntent id): its lines and its history. */
    getAdminOrder: build.query<AdminOrderDetail, string>({
      query: (id) => ({ url: withParam('/admin/orders', id) }),
      responseSchema: lazySchema(() =>
        import('@contract/admin-orders').then((m) => m.adminOrderDetailSchema),
      ),
      providesTags: (_result, _error, id) => ['AdminOrders', { type: 'AdminOrders', id }],
    }),

    /** POST /admin/orders/{id}/refunds (admin): the chosen lines, or (none) every line left. */
    refundOrder: build.mutation<RefundAccepted, { id: string } & RefundBody>({
      query: ({ id, orderIds }) => ({
        url: `${withParam('/admin/orders', id)}/refunds`,
        method: 'POST',
        body: orderIds === undefined ? {} : { orderIds },
      }),
      responseSchema: lazySchema(() =>
        import('@contract/admin-orders').then((m) => m.refundAcceptedSchema),
      ),
      invalidatesTags: ['AdminOrders', 'Orders', 'Sales'],
    }),
  }),
});

export const { useGetAdminOrdersQuery, useGetAdminOrderQuery, useRefundOrderMutation } =
  adminOrdersApi;
