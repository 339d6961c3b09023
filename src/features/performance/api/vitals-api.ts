import type { VitalsReport } from '@contract/vitals';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/** The admin's Performance screen (docs/product.md §2.24). */
export const vitalsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/vitals?days= (admin): each route's p75 of every Core Web Vital. */
    getVitals: build.query<VitalsReport, { days: number }>({
      query: (query) => ({ url: '/admin/vitals', query }),
      responseSchema: lazySchema(() =>
        import('@contract/vitals').then((m) => m.vitalsReportSchema),
      ),
      providesTags: ['Vitals'],
    }),
  }),
});

export const { useGetVitalsQuery } = vitalsApi;
