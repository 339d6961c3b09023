import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderPage,
  RefundAccepted,
  RefundBody,
} from '@contract/admin-orders';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() =>
  import('@contract/routes/admin-orders').then((m) => m.ADMIN_ORDER_ROUTES),
);

/**
 * The admin's Orders screen (docs/product.md §2.21): its page of checkouts and one checkout
 * ('AdminOrders' tag); a refund refreshes them, the customers' orders ('Orders') and Sales.
 */
export const adminOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/orders (admin): a page of checkouts, newest first. */
    getAdminOrders: build.query<AdminOrderPage, AdminOrderListQuery>({
      ...route('GET /api/admin/orders', (query: AdminOrderListQuery) => ({ query })),
      providesTags: ['AdminOrders'],
    }),

    /** GET /admin/orders/{id} (admin; the PaymentIntent id): its lines and its history. */
    getAdminOrder: build.query<AdminOrderDetail, string>({
      ...route('GET /api/admin/orders/:id', (id: string) => ({ params: { id } })),
      providesTags: (_result, _error, id) => ['AdminOrders', { type: 'AdminOrders', id }],
    }),

    /** POST /admin/orders/{id}/refunds (admin): the chosen lines, or (none) every line left. */
    refundOrder: build.mutation<RefundAccepted, { id: string } & RefundBody>({
      ...route(
        'POST /api/admin/orders/:id/refunds',
        ({ id, orderIds }: { id: string } & RefundBody) => ({
          params: { id },
          body: orderIds === undefined ? {} : { orderIds },
        }),
      ),
      invalidatesTags: ['AdminOrders', 'Orders', 'Sales'],
    }),
  }),
});

export const { useGetAdminOrdersQuery, useGetAdminOrderQuery, useRefundOrderMutation } =
  adminOrdersApi;
