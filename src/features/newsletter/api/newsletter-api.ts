import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() =>
  import('@contract/routes/newsletter').then((m) => m.NEWSLETTER_ROUTES),
);

export type Subscription = { isNewSubscriber: boolean; message: string };

// Loaded by the footer's form on its first submit, so no first screen carries RTK Query for it.
export const newsletterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /newsletter: 201 for a new subscriber, 200 when the address is already on the list. */
    subscribe: build.mutation<Subscription, string>({
      ...route(
        'POST /api/newsletter',
        (email: string) => ({ body: { email } }),
        // The status decides, never the message text (the server words it).
        ({ message }, meta) => ({ isNewSubscriber: meta?.status === 201, message }),
      ),
    }),
  }),
});
