import type { SalesQuery, SalesReport } from '@contract/sales';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/** The admin's Sales screen (docs/product.md §2.22); a refund refreshes it ('Sales'). */
export const salesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/sales?days= (admin): revenue per day, refunds and best-sellers. */
    getSales: build.query<SalesReport, SalesQuery>({
      query: (query) => ({ url: '/admin/sales', query }),
      responseSchema: lazySchema(() => import('@contract/sales').then((m) => m.salesReportSchema)),
      providesTags: ['Sales'],
    }),
  }),
});

export const { useGetSalesQuery } = salesApi;
