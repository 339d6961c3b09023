import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { errorMessageOr } from '@/lib/api/error-message';
import { SHOP_UNREACHABLE_AFTER_PAYMENT, useSettledCheckout } from '../hooks/use-settled-checkout';
import { CheckoutSummary } from './checkout-summary';
import { ShopUnreachableNotice } from './shop-unreachable-notice';

/**
 * The end of a checkout (docs/product.md §10.2): what was bought, for how much, where it goes,
 * and the order number; links to My Orders and the printable receipt. Re-read until the orders
 * exist (Stripe's webhook lands a moment after the card is confirmed), and while the shop cannot
 * be reached.
 */
export function OrderConfirmation({ paymentId }: { paymentId: string }) {
  const { data, error, isError, refetch, unreachable } = useSettledCheckout(paymentId);
  return (
    <section aria-labelledby="order-confirmation" className="space-y-5">
      <h2 id="order-confirmation" className="text-xl font-bold tracking-tight">
        Order confirmation
      </h2>
      {unreachable && <ShopUnreachableNotice message={SHOP_UNREACHABLE_AFTER_PAYMENT} />}
      {isError && !unreachable && !data ? (
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
