import type { VitalsReport } from '@contract/vitals';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/vitals').then((m) => m.VITALS_ROUTES));

/** The admin's Performance screen (docs/product.md §2.24). */
export const vitalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/vitals?days= (admin): each route's p75 of every Core Web Vital. */
    getVitals: build.query<VitalsReport, { days: number }>({
      ...route('GET /api/admin/vitals', (query: { days: number }) => ({ query })),
      providesTags: ['Vitals'],
    }),
  }),
});

export const { useGetVitalsQuery } = vitalsApi;
