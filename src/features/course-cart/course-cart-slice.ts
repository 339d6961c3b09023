import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { COURSE_QUANTITY } from '@contract/course-quantity';
import { toCents } from '@contract/money';

/**
 * A course in the cart: all course fields plus quantity (docs/product.md §3). A course is bought
 * once (docs/decisions.md D62): the quantity is always 1, kept for the saved cart's shape.
 */
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
      // Only the cart's own fields are kept (a listed course carries its summary, rating…).
      prepare: ({ _id, name, price, image }: CourseInput) => ({
        payload: { bid: _id, course: { _id, name, price, image } },
      }),
      reducer: (state, action: PayloadAction<{ bid: string; course: CourseInput }>) => {
        // A course already in the cart stays as it is: one of each (the screens say so).
        if (state.carts.some((item) => item._id === action.payload.bid)) return;
        state.carts.push({ ...action.payload.course, quantity: COURSE_QUANTITY });
      },
    },
    removeFromCart: (state, action: PayloadAction<string>) => {
      state.carts = state.carts.filter((item) => item._id !== action.payload);
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
    selectCourseCartTotalCents: (state) => courseLinesTotalCents(state.carts),
  },
});

/** The lines' total in cents (price × quantity, summed in cents so it never drifts). */
export function courseLinesTotalCents(lines: readonly CourseCartLine[]): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
}

/**
 * The lines a checkout pays for: those of courses the user does not own (an owned course in a
 * saved cart is shown as owned and left out, docs/decisions.md D62).
 */
export function payableCourseLines(
  lines: readonly CourseCartLine[],
  ownedIds: ReadonlySet<string>,
): CourseCartLine[] {
  return lines.filter((line) => !ownedIds.has(line._id));
}

export const { addToCart, removeFromCart, clearCart } = courseCartSlice.actions;

export const { selectCourseCartLines, selectCourseCartCount, selectCourseCartTotalCents } =
  courseCartSlice.selectors;

/**
 * Adds a course unless the cart holds it already (one of each, docs/decisions.md D62); whether it
 * was added. The cart is read as the button is pressed, so a list of courses need not follow the
 * cart (each add would redraw every card).
 */
export const addCourseOnce =
  (course: CourseInput) =>
  (
    dispatch: Dispatch,
    getState: () => { [courseCartSlice.reducerPath]: CourseCartState },
  ): boolean => {
    if (selectCourseCartLines(getState()).some((line) => line._id === course._id)) return false;
    dispatch(addToCart(course));
    return true;
  };
