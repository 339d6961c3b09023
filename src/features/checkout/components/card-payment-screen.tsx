import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PAYMENT_TEXTS } from '@contract/checkout-rules';
import { centsToDollarString, toCents } from '@contract/money';
import type { PaymentIntentBody, ShippingAddress } from '@contract/payments';
import { AlertIcon } from '@/components/icons/alert-icon';
import { CheckIcon } from '@/components/icons/check-icon';
import { paths } from '@/config/paths';
import { useCreatePaymentIntentMutation } from '../api/payments-api';
import { CardForm } from './card-form';
import { CheckoutLayout } from './checkout-layout';
import { HoldCountdown } from './hold-countdown';
import { errorMessageOr } from '@/lib/api/error-message';
import { LoadError } from '@/components/load-error';

type Props = {
  /** The page's heading: the spec's book text, or the courses' (paymentHeading). */
  title?: string;
  /** From `loadStripeClient()`: null when card payment is not configured. */
  stripe: Promise<Stripe | null> | null;
  /** Where the books go; null for a course checkout, which asks no address (D62). */
  shipping: ShippingAddress | null;
  /** What to ask the server to price; null when there is nothing to pay for. */
  intentBody: PaymentIntentBody | null;
  paid: boolean;
  onSucceeded: () => void;
  /**
   * Shown instead of the card form once paid (the order confirmation), given the PaymentIntent
   * id that was paid.
   */
  afterPayment?: (paymentIntentId: string) => ReactNode;
};

/** Whether Stripe.js loaded: null while loading (or not configured), then true or false. */
function useStripeLoaded(stripe: Promise<Stripe | null> | null): boolean | null {
  const [loaded, setLoaded] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    void stripe?.then((client) => {
      if (current) setLoaded(client !== null);
    });
    return () => {
      current = false;
    };
  }, [stripe]);
  return loaded;
}

function ShippingSummary({ shipping }: { shipping: ShippingAddress }) {
  return (
    <div className="mt-8 flex flex-wrap items-start justify-between gap-3 border-t border-base-200 pt-5 text-sm">
      <div>
        <h2 className="font-semibold">Shipping to</h2>
        <p className="mt-1 break-words text-base-content/70">
          {shipping.firstName} {shipping.lastName}, {shipping.address}, {shipping.city},{' '}
          {shipping.state} {shipping.postalCode}, {shipping.country}
        </p>
      </div>
      <Link to={paths.payment} className="link link-primary font-medium">
        Change address
      </Link>
    </div>
  );
}

/**
 * Card payment at /paymentcard (docs/product.md §2, §4): the amount is the one the server computed for the
 * intent, never the client's total; Stripe confirms the card against that intent.
 */
export function CardPaymentScreen({
  title = PAYMENT_TEXTS.heading,
  stripe,
  shipping,
  intentBody,
  paid,
  onSucceeded,
  afterPayment,
}: Props) {
  const configured = stripe !== null;
  const stripeLoaded = useStripeLoaded(stripe);
  const [createIntent, intent] = useCreatePaymentIntentMutation();

  // One intent per cart: asked again only when what is paid for changes (the server also
  // answers an unchanged cart with the pending intent). Never after the payment.
  const bodyKey = intentBody && configured && !paid ? JSON.stringify(intentBody) : null;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (bodyKey === null || asked.current === bodyKey) return;
    asked.current = bodyKey;
    void createIntent(JSON.parse(bodyKey) as PaymentIntentBody);
  }, [bodyKey, createIntent]);
  const retry = () => {
    if (bodyKey !== null) void createIntent(JSON.parse(bodyKey) as PaymentIntentBody);
  };

  const amount = intent.data ? centsToDollarString(toCents(intent.data.amount)) : null;
  // The PaymentIntent's id is the start of its client secret (`pi_…_secret_…`).
  const paidIntentId = intent.data?.clientSecret.split('_secret_')[0] ?? null;
  const intentFailed = intent.isError && !intent.isLoading;

  return (
    <CheckoutLayout title={title} step="Payment">
      {/* One line's height in every state: the amount arrives without moving the form. */}
      {configured && (
        <p className="mb-4 flex min-h-8 items-center text-lg font-semibold sm:text-xl">
          {amount !== null ? (
            <span>Please pay : {amount}$</span>
          ) : intentFailed ? null : (
            <span role="status" className="flex items-center gap-3">
              <span className="skeleton h-6 w-48 rounded" aria-hidden="true" />
              <span className="sr-only">Loading the amount to pay…</span>
            </span>
          )}
        </p>
      )}
      {/* A book checkout's hold; its line is kept from the start, so the form never moves. */}
      {configured && !paid && intentBody?.source === 'books' && (
        <p className="-mt-2 mb-4 min-h-5 text-sm text-base-content/70">
          {intent.data?.heldUntil && (
            <HoldCountdown
              key={intent.data.heldUntil}
              heldUntil={intent.data.heldUntil}
              onRenew={retry}
            />
          )}
        </p>
      )}

      <div className="space-y-4">
        {!configured && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-xl bg-base-200/60 px-4 py-3 text-sm"
          >
            <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-error" />
            {PAYMENT_TEXTS.notConfigured}
          </p>
        )}
        {configured && stripeLoaded === false && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl bg-error/10 px-4 py-3 text-sm"
          >
            <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-error" />
            The card form could not be loaded. Check your connection and reload the page.
          </p>
        )}
        {intentFailed && !paid && (
          <LoadError
            message={errorMessageOr(
              intent.error,
              'The payment could not be prepared. Please try again.',
            )}
            onRetry={retry}
          />
        )}

        {paid ? (
          // The card form goes; what was bought takes its place.
          <>
            <p role="status" className="flex items-center gap-2 font-semibold text-success">
              <CheckIcon className="h-5 w-5 shrink-0" />
              {PAYMENT_TEXTS.succeeded}
            </p>
            {paidIntentId && afterPayment?.(paidIntentId)}
          </>
        ) : (
          <Elements stripe={stripe}>
            <CardForm
              clientSecret={intent.data?.clientSecret ?? null}
              shipping={shipping}
              available={configured && stripeLoaded !== false}
              paid={paid}
              onSucceeded={onSucceeded}
            />
          </Elements>
        )}
      </div>

      {!paid && shipping && <ShippingSummary shipping={shipping} />}
    </CheckoutLayout>
  );
}
