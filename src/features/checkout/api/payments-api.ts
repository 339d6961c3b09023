import type { PaymentIntentBody, PaymentIntentResponse } from '@contract/payments';
import { baseApi } from '@/lib/api/base-api';

/** The card payment's server side (docs/architecture.md §3): the server prices the cart and asks Stripe. */
export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /payments/intent: `{ clientSecret, amount }`, the amount in dollars as the server
     * computed it. Asking again with an unchanged cart answers the same pending intent.
     */
    createPaymentIntent: build.mutation<PaymentIntentResponse, PaymentIntentBody>({
      query: (body) => ({ url: '/payments/intent', method: 'POST', body }),
    }),
  }),
});

export const { useCreatePaymentIntentMutation } = paymentsApi;
