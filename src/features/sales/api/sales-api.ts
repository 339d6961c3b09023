import type { SalesQuery, SalesReport } from '@contract/sales';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/sales').then((m) => m.SALES_ROUTES));

/** The admin's Sales screen (docs/product.md §2.22); a refund refreshes it ('Sales'). */
export const salesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/sales?days= (admin): revenue per day, refunds and best-sellers. */
    getSales: build.query<SalesReport, SalesQuery>({
      ...route('GET /api/admin/sales', (query: SalesQuery) => ({ query })),
      providesTags: ['Sales'],
    }),
  }),
});

export const { useGetSalesQuery } = salesApi;
