import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** A cart's Checkout: its total and which cart; a saved address is kept for the next step. */
    startCheckout: (
      state,
      action: PayloadAction<{ source: PaymentSource; totalCents: number }>,
    ) => {
      state.source = action.payload.source;
      state.totalCents = Math.max(0, Math.round(action.payload.totalCents));
    },
    saveShippingAddress: (state, action: PayloadAction<ShippingAddress>) => {
      state.shipping = action.payload;
    },
    /** After a payment: nothing is left to pay; the address stays for the next checkout. */
    clearCheckout: (state) => ({ ...initialCheckoutState, shipping: state.shipping }),
  },
  // Read through the slice's key: `checkoutSlice.selectors.x(rootState)`.
  selectors: {
    selectCheckoutTotalCents: (state) => state.totalCents,
    selectCheckoutSource: (state) => state.source,
    selectShippingAddress: (state) => state.shipping,
  },
});

export const { startCheckout, saveShippingAddress, clearCheckout } = checkoutSlice.actions;
export const { selectCheckoutTotalCents, selectCheckoutSource, selectShippingAddress } =
  checkoutSlice.selectors;
