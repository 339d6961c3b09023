import type { PaymentSource } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';

/**
 * What a cart's Checkout hands to the payment screens (docs/product.md §3, §4; docs/decisions.md): the total in
 * cents (displayed only: the server prices the payment itself), which cart is being paid, and the
 * shipping address once the form is saved. Persisted, so a reload keeps it.
 */
export type CheckoutState = {
  totalCents: number;
  source: PaymentSource | null;
  shipping: ShippingAddress | null;
};

export const initialCheckoutState: CheckoutState = { totalCents: 0, source: null, shipping: null };
