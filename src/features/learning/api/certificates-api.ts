import type { Certificate } from '@contract/courses';
import { env } from '@/config/env';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/** Where a certificate's PDF is made (on the server): the page links it. */
export const certificatePdfUrl = (id: string) =>
  `${env.apiUrl}/certificates/${encodeURIComponent(id)}.pdf`;

/** A certificate's public page (docs/product.md §2.27): anyone with its link may open it. */
export const certificatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCertificate: build.query<Certificate, string>({
      query: (id) => ({ url: `/certificates/${encodeURIComponent(id)}` }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.certificateSchema),
      ),
    }),
  }),
});

export const { useGetCertificateQuery } = certificatesApi;
