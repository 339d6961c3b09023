import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toCents } from '@contract/money';

/** A course in the cart: all course fields plus quantity (docs/product.md §3). */
export type CourseCartLine = {
  _id: string;
  name: string;
  price: number;
  image: string;
  quantity: number;
};
export type CourseCartState = { carts: CourseCartLine[] };
type CourseInput = Omit<CourseCartLine, 'quantity'>;

export const initialCourseCartState: CourseCartState = { carts: [] };

export const courseCartSlice = createSlice({
  name: 'courseCart',
  initialState: initialCourseCartState,
  reducers: {
    addToCart: {
      // The spec's add action compares the cart against a payload field called `bid`.
      prepare: (course: CourseInput) => ({ payload: { bid: course._id, course } }),
      reducer: (state, action: PayloadAction<{ bid: string; course: CourseInput }>) => {
        const line = state.carts.find((item) => item._id === action.payload.bid);
        if (line) line.quantity += 1;
        else state.carts.push({ ...action.payload.course, quantity: 1 });
      },
    },
    removeFromCart: (state, action: PayloadAction<string>) => {
      state.carts = state.carts.filter((item) => item._id !== action.payload);
    },
    decreaseQuantity: (state, action: PayloadAction<string>) => {
      const line = state.carts.find((item) => item._id === action.payload);
      if (!line) return;
      if (line.quantity <= 1)
        state.carts = state.carts.filter((item) => item._id !== action.payload);
      else line.quantity -= 1;
    },
    increaseQuantity: (state, action: PayloadAction<string>) => {
      const line = state.carts.find((item) => item._id === action.payload);
      if (line) line.quantity += 1;
    },
    /** After the courses were paid for (the cart is client-only, so the client empties it). */
    clearCart: (state) => {
      state.carts = [];
    },
  },
  // Read through the slice's key: `courseCartSlice.selectors.x(rootState)`.
  selectors: {
    selectCourseCartLines: (state) => state.carts,
    selectCourseCartCount: (state) => state.carts.length,
    /** Σ price × quantity, computed in cents so it never drifts. */
    selectCourseCartTotalCents: (state) =>
      state.carts.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0),
  },
});

export const { addToCart, removeFromCart, decreaseQuantity, increaseQuantity, clearCart } =
  courseCartSlice.actions;

export const { selectCourseCartLines, selectCourseCartCount, selectCourseCartTotalCents } =
  courseCartSlice.selectors;
