import type { PaymentIntentBody, PaymentIntentResponse } from '@contract/payments';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/payments').then((m) => m.PAYMENT_ROUTES));

/** The card payment's server side (docs/architecture.md §3): the server prices the cart and asks Stripe. */
export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /payments/intent: `{ clientSecret, amount }`, the amount in dollars as the server
     * computed it. Asking again with an unchanged cart answers the same pending intent.
     */
    createPaymentIntent: build.mutation<PaymentIntentResponse, PaymentIntentBody>({
      ...route('POST /api/payments/intent', (body: PaymentIntentBody) => ({ body })),
    }),
  }),
});

export const { useCreatePaymentIntentMutation } = paymentsApi;
