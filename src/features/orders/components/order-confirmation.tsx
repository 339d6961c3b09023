import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { errorMessageOr } from '@/lib/api/error-message';
import { useGetCheckoutQuery } from '../api/orders-api';
import { CheckoutSummary } from './checkout-summary';

/** How often the confirmation asks again while Stripe's webhook has not landed yet. */
export const CONFIRMATION_POLL_MS = 1000;

/**
 * The end of a checkout (docs/product.md §10.2): what was bought, for how much, where it goes,
 * and the order number; links to My Orders and the printable receipt. Re-read until the orders
 * exist (Stripe's webhook lands a moment after the card is confirmed).
 */
export function OrderConfirmation({ paymentId }: { paymentId: string }) {
  const [polling, setPolling] = useState(true);
  const { data, error, isError, refetch } = useGetCheckoutQuery(paymentId, {
    pollingInterval: polling ? CONFIRMATION_POLL_MS : 0,
  });
  // Asked no more once the webhook has settled it.
  if (polling && data && data.status !== 'pending') setPolling(false);
  return (
    <section aria-labelledby="order-confirmation" className="space-y-5">
      <h2 id="order-confirmation" className="text-xl font-bold tracking-tight">
        Order confirmation
      </h2>
      {isError && !data ? (
        <LoadError
          message={errorMessageOr(error, 'Your order could not be loaded.')}
          onRetry={() => void refetch()}
        />
      ) : data ? (
        <CheckoutSummary checkout={data} />
      ) : (
        <div role="status" className="skeleton h-64 w-full rounded-xl">
          <span className="sr-only">Loading your order…</span>
        </div>
      )}
      <p className="flex flex-wrap gap-3">
        <Link to={paths.myOrders} className="btn btn-primary rounded-xl normal-case">
          See My Orders
        </Link>
        <Link to={paths.receipt(paymentId)} className="btn btn-outline rounded-xl normal-case">
          Printable receipt
        </Link>
      </p>
    </section>
  );
}
