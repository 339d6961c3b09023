import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_TEXTS } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { AlertIcon } from '@/components/icons/alert-icon';
import { CheckIcon } from '@/components/icons/check-icon';
import { COUNTRY_CODES } from '../country-codes';

// The spec's 16 px card input; a constant, so the element is never updated for a new object.
const CARD_OPTIONS = { style: { base: { fontSize: '16px' } } };

type Props = {
  /** The intent to confirm; null while the server has not answered (Pay waits). */
  clientSecret: string | null;
  /** A book checkout's address (Stripe's billing details); null for courses, which ship nothing. */
  shipping: ShippingAddress | null;
  /** False when card payment is not configured or Stripe.js could not be loaded. */
  available: boolean;
  paid: boolean;
  onSucceeded: () => void;
};

/** Stripe's billing details from the shipping address (Stripe takes two-letter country codes). */
function billingDetails(shipping: ShippingAddress) {
  return {
    name: `${shipping.firstName} ${shipping.lastName}`,
    email: shipping.email,
    address: {
      line1: shipping.address,
      city: shipping.city,
      state: shipping.state,
      postal_code: shipping.postalCode,
      country: COUNTRY_CODES[shipping.country],
    },
  };
}

/**
 * The card field (Stripe's CardElement, 16 px) and Pay (docs/product.md §2, §4): nothing happens until
 * Stripe and the card field are ready; while a confirmation is pending Pay is disabled, so a
 * double click confirms once. Success shows the green text; a failure shows Stripe's message in
 * red and the user can change the card and pay again.
 */
export function CardForm({ clientSecret, shipping, available, paid, onSucceeded }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // State updates land after a render; a second click in the same tick must see the first.
  const inFlight = useRef(false);

  const ready = available && stripe !== null && elements !== null && cardReady;
  const canPay = ready && clientSecret !== null && !pending && !paid;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret || !cardReady || paid || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: shipping ? { card, billing_details: billingDetails(shipping) } : { card },
      });
      if (result.error) {
        setPayError(result.error.message ?? 'Your payment could not be completed.');
      } else if (result.paymentIntent.status === 'succeeded') {
        setPayError(null);
        onSucceeded();
      } else {
        setPayError('Your payment was not completed. Please try again.');
      }
    } catch {
      setPayError('The payment could not be sent. Check your connection and try again.');
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const onCardChange = (event: StripeCardElementChangeEvent) => {
    setCardError(event.error?.message ?? null);
  };

  const labelId = `${id}-card-label`;
  const message = paid ? null : (payError ?? cardError);
  return (
    <form
      aria-label="Card payment"
      aria-busy={pending}
      onSubmit={(event) => void pay(event)}
      className="space-y-4"
    >
      <div role="group" aria-labelledby={labelId}>
        <p id={labelId} className="mb-1.5 block text-sm font-medium text-base-content/90">
          Card details
        </p>
        {/* A fixed height: the card field appears inside without moving anything. */}
        <div className="relative flex h-12 items-center rounded-xl border border-base-300 bg-base-100 px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30">
          {available ? (
            <>
              <CardElement
                className="w-full"
                options={CARD_OPTIONS}
                onReady={() => setCardReady(true)}
                onChange={onCardChange}
              />
              {!cardReady && (
                <span
                  role="status"
                  className="absolute inset-x-3 flex items-center gap-2 text-sm text-base-content/70"
                >
                  <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                  Loading the card field…
                </span>
              )}
            </>
          ) : (
            <span className="text-sm text-base-content/70">Card field unavailable</span>
          )}
        </div>
      </div>

      {/* Reserved, so a message never pushes the button down. */}
      <div className="min-h-6 text-sm">
        {paid ? (
          <p role="status" className="flex items-center gap-2 font-semibold text-success">
            <CheckIcon className="h-5 w-5 shrink-0" />
            {PAYMENT_TEXTS.succeeded}
          </p>
        ) : message ? (
          <p role="alert" className="flex items-center gap-2 font-medium text-error">
            <AlertIcon className="h-5 w-5 shrink-0" />
            {message}
          </p>
        ) : null}
      </div>

      <button
        type="submit"
        disabled={!canPay}
        aria-busy={pending}
        className="btn btn-primary btn-block rounded-xl normal-case"
      >
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Pay
      </button>
    </form>
  );
}
