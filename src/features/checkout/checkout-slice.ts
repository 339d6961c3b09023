import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The shared cart total (spec §3), in cents; handed from a cart's Checkout to the payment screens. */
export type CheckoutState = { totalCents: number };

const initialState: CheckoutState = { totalCents: 0 };

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    setCheckoutTotal: (state, action: PayloadAction<number>) => {
      state.totalCents = Math.max(0, Math.round(action.payload));
    },
  },
  // Read through the slice's key: `checkoutSlice.selectors.x(rootState)`.
  selectors: {
    selectCheckoutTotalCents: (state) => state.totalCents,
  },
});

export const { setCheckoutTotal } = checkoutSlice.actions;
export const { selectCheckoutTotalCents } = checkoutSlice.selectors;
