import { useState } from 'react';
import { Navigate } from 'react-router';
import { paymentHeading } from '@contract/checkout-rules';
import type { PaymentIntentBody } from '@contract/payments';
import { paths } from '@/config/paths';
import {
  clearCheckout,
  selectCheckoutSource,
  selectShippingAddress,
} from '@/features/checkout/checkout-slice';
import { CardPaymentScreen } from '@/features/checkout/components/card-payment-screen';
import { CheckoutLayout } from '@/features/checkout/components/checkout-layout';
import { NothingToPay } from '@/features/checkout/components/nothing-to-pay';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import { usableAddress } from '@/features/checkout/shipping-address';
import { clearCart } from '@/features/course-cart/course-cart-slice';
import { baseApi } from '@/lib/api/base-api';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { loadStripeClient } from '@/lib/stripe';
import { useCheckoutCart } from '../checkout-cart';
import { useSettlePaidBookCart, type SettleStatus } from '../paid-cart';

const SETTLE_TEXTS: Record<Exclude<SettleStatus, 'idle'>, string> = {
  waiting: 'Updating your cart…',
  settled: 'Your cart is up to date.',
  'timed-out': 'Your orders will show in My Orders in a moment.',
};

function AfterPayment({ status, paymentId }: { status: SettleStatus; paymentId: string }) {
  return (
    <>
      {status !== 'idle' && (
        <p className="flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
          {status === 'waiting' && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          <span>{SETTLE_TEXTS[status]}</span>
        </p>
      )}
      <OrderConfirmation paymentId={paymentId} />
    </>
  );
}

/**
 * /paymentcard: pays the cart the checkout chose: the book cart to the address saved at /payment,
 * the course cart straight from the cart (courses ship nothing, docs/decisions.md D62). Once paid,
 * the course cart empties here (it lives only in the browser); the book cart empties on the
 * server when Stripe's webhook lands, so it is re-read until then.
 */
export default function PaymentCardRoute() {
  const dispatch = useAppDispatch();
  // What this page pays is fixed when it opens: clearing the checkout after the payment must
  // not turn the page into "nothing to pay".
  const storedShipping = useAppSelector(selectShippingAddress);
  const storedSource = useAppSelector(selectCheckoutSource);
  const [shipping] = useState(() => usableAddress(storedShipping));
  const [source] = useState(storedSource);
  const [stripe] = useState(loadStripeClient);
  const { cart, bookLines, courseItems } = useCheckoutCart();
  const [paid, setPaid] = useState(false);
  const [paidLineIds, setPaidLineIds] = useState<string[] | null>(null);
  const settle = useSettlePaidBookCart(paidLineIds, bookLines);

  if (!shipping && source !== 'courses') return <Navigate to={paths.payment} replace />;
  if (!paid && (source === null || cart.status === 'empty')) {
    return (
      <CheckoutLayout title={paymentHeading(source)} step="Payment">
        <NothingToPay />
      </CheckoutLayout>
    );
  }

  // The course list waits for the owned courses, which it leaves out (nothing is asked meanwhile).
  const intentBody: PaymentIntentBody | null =
    source === 'books' && shipping
      ? { source, shipping }
      : source === 'courses' && cart.status === 'ready'
        ? { source, items: courseItems }
        : null;

  const onSucceeded = () => {
    setPaid(true);
    if (source === 'courses') {
      dispatch(clearCart());
      dispatch(clearCheckout());
      // The orders are made when the webhook lands; My Orders and My Courses read them again.
      dispatch(baseApi.util.invalidateTags(['Orders', 'OwnedCourses']));
    } else {
      setPaidLineIds(bookLines.map((line) => line._id));
    }
  };

  return (
    <CardPaymentScreen
      title={paymentHeading(source)}
      stripe={stripe}
      shipping={source === 'courses' ? null : shipping}
      intentBody={intentBody}
      paid={paid}
      onSucceeded={onSucceeded}
      afterPayment={(paymentId) => (
        <AfterPayment status={source === 'courses' ? 'idle' : settle} paymentId={paymentId} />
      )}
    />
  );
}
