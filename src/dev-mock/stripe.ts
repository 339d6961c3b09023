// `npm run dev:mock`'s src/lib/stripe.ts: the one Stripe.js fake, its API answered by msw's Stripe
// handlers with Stripe's test cards (4242 4242 4242 4242 pays). Imported only by the lazy card screen.
import { fakeStripeModule } from '@/testing/fake-stripe';

export const loadStripeClient = fakeStripeModule.loadStripeClient;
