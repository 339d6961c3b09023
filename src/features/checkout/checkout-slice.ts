import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentSource } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { announceSlice } from '@/lib/lazy-slices';
import { initialCheckoutState } from './checkout-state';
import { loadCheckout, saveCheckout } from './persistence';

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

// Loaded with the first screen of a checkout (the carts, shipping, payment), not with the app
// (src/lib/lazy-slices.ts): each store takes the slice in now, from the saved checkout.
announceSlice({
  reducerPath: checkoutSlice.reducerPath,
  reducer: checkoutSlice.reducer,
  persistence: { load: loadCheckout, save: saveCheckout },
});
