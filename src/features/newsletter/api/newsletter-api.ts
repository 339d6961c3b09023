import { newsletterResponseSchema } from '@contract/newsletter';
import { baseApi } from '@/lib/api/base-api';

export type Subscription = { isNewSubscriber: boolean; message: string };

// Loaded by the footer's form on its first submit, so no first screen carries RTK Query for it.
export const newsletterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /newsletter: 201 for a new subscriber, 200 when the address is already on the list. */
    subscribe: build.mutation<Subscription, string>({
      query: (email) => ({ url: '/newsletter', method: 'POST', body: { email } }),
      rawResponseSchema: newsletterResponseSchema,
      // The status decides, never the message text (the server words it).
      transformResponse: ({ message }: { message: string }, meta) => ({
        isNewSubscriber: meta?.status === 201,
        message,
      }),
    }),
  }),
});
