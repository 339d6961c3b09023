import type { PaymentSource } from '@contract/checkout-rules';
import { formatCents } from '@contract/money';
import type { ShippingAddress } from '@contract/payments';
import { LoadError } from '@/components/load-error';
import { CheckoutLayout } from './checkout-layout';
import { NothingToPay } from './nothing-to-pay';
import { ShippingForm } from './shipping-form';

/** The cart being paid, as the route reads it (the book cart from the API, the course cart here). */
export type CheckoutCart =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'empty' }
  | {
      status: 'ready';
      source: PaymentSource;
      totalCents: number;
      itemCount: number;
      /** Lines of the cart that will not be paid (sold out, no longer sold), by name. */
      leftOut?: string[];
    };

type Props = {
  cart: CheckoutCart;
  /** The saved address, if any (it wins over the account's email). */
  saved: ShippingAddress | null;
  accountEmail: string;
  /**
   * The first checkout's start from the profile (its name and address), if it has them; null
   * while the profile loads (the form waits, so it starts with them).
   */
  fromProfile?: Partial<ShippingAddress> | null;
  onSave: (address: ShippingAddress) => void;
};

const CART_NAMES: Record<PaymentSource, string> = {
  books: 'your book cart',
  courses: 'your course cart',
};

function CartLine({ cart }: { cart: CheckoutCart }) {
  // One line's height whatever the state, so the form never moves.
  if (cart.status === 'ready') {
    return (
      <p className="mb-6 flex min-h-6 flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl bg-base-200/60 px-4 py-3 text-sm">
        <span>
          Paying for {CART_NAMES[cart.source]} ({cart.itemCount}{' '}
          {cart.itemCount === 1 ? 'item' : 'items'})
        </span>
        <span className="font-semibold tabular-nums">{formatCents(cart.totalCents)}</span>
        {cart.leftOut && cart.leftOut.length > 0 && (
          <span className="w-full font-medium text-error">
            Not included (no longer available): {cart.leftOut.join(', ')}
          </span>
        )}
      </p>
    );
  }
  return (
    <p role="status" className="mb-6 flex min-h-6 rounded-xl bg-base-200/60 px-4 py-3 text-sm">
      <span className="skeleton h-5 w-2/3 rounded" aria-hidden="true" />
      <span className="sr-only">Loading your cart…</span>
    </p>
  );
}

/** The shipping form at /payment (docs/product.md §2), or why there is nothing to pay for. */
export function ShippingScreen({ cart, saved, accountEmail, fromProfile = {}, onSave }: Props) {
  if (cart.status === 'empty') {
    return (
      <CheckoutLayout title="Shipping address" step="Shipping">
        <NothingToPay />
      </CheckoutLayout>
    );
  }
  return (
    <CheckoutLayout title="Shipping address" step="Shipping">
      {cart.status === 'error' ? (
        <div className="mb-6">
          <LoadError message={cart.message} onRetry={cart.retry} />
        </div>
      ) : (
        <CartLine cart={cart} />
      )}
      {saved ? (
        <ShippingForm defaultValues={saved} onSave={onSave} />
      ) : fromProfile ? (
        <ShippingForm defaultValues={{ ...fromProfile, email: accountEmail }} onSave={onSave} />
      ) : (
        <div role="status" className="flex h-96 items-center justify-center">
          <span className="loading loading-spinner" aria-hidden="true" />
          <span className="sr-only">Loading your details…</span>
        </div>
      )}
    </CheckoutLayout>
  );
}
