import type { Certificate } from '@contract/courses';
import { env } from '@/config/env';
import { routeRequest } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

/** Where a certificate's PDF is made (on the server): the page links it. */
export const certificatePdfUrl = (id: string) =>
  `${env.apiUrl}${routeRequest('GET /api/certificates/:id.pdf', { params: { id } }).url}`;

/** A certificate's public page (docs/product.md §2.27): anyone with its link may open it. */
export const certificatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCertificate: build.query<Certificate, string>({
      ...courseRoute('GET /api/certificates/:id', (id: string) => ({ params: { id } })),
    }),
  }),
});

export const { useGetCertificateQuery } = certificatesApi;
