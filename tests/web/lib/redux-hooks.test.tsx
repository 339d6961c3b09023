import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { baseApi } from '@/lib/api/base-api';
import { makeStore, type AppDispatch } from '@/app/store';
import { checkoutSlice, startCheckout } from '@/features/checkout/checkout-slice';
import {
  addToCart,
  courseCartSlice,
  type CourseCartState,
} from '@/features/course-cart/course-cart-slice';
import { coursesSlice, fetchCourses } from '@/features/courses/courses-slice';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { buildCourse } from '@/testing/data';
import { db } from '@/testing/mocks/db';

function renderWithStore<T>(hook: () => T) {
  const store = makeStore({ persist: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return { store, ...renderHook(hook, { wrapper }) };
}

describe('slice selectors', () => {
  it('the store keeps each slice under its reducerPath', () => {
    const state = makeStore({ persist: false }).getState();
    expect(Object.keys(state).sort()).toEqual(
      [
        courseCartSlice.reducerPath,
        coursesSlice.reducerPath,
        checkoutSlice.reducerPath,
        baseApi.reducerPath,
      ].sort(),
    );
  });

  it('slice.selectors read the state under the slice key', () => {
    const course = buildCourse({ price: 2.5 });
    const cart: CourseCartState = { carts: [{ ...course, quantity: 2 }] };
    const rootState = { [courseCartSlice.reducerPath]: cart };

    expect(courseCartSlice.selectors.selectCourseCartLines(rootState)).toBe(cart.carts);
    expect(courseCartSlice.selectors.selectCourseCartCount(rootState)).toBe(1);
    expect(courseCartSlice.selectors.selectCourseCartTotalCents(rootState)).toBe(500);
    expect(
      checkoutSlice.selectors.selectCheckoutTotalCents({
        checkout: { totalCents: 42, source: 'books', shipping: null },
      }),
    ).toBe(42);
    expect(
      coursesSlice.selectors.selectCourses({
        courses: { isLoading: true, courses: [], error: null, requestId: null },
      }),
    ).toEqual({ isLoading: true, courses: [], error: null, requestId: null });

    // Typed by the slice (checked by tsc): an object holding the slice under its key.
    expectTypeOf(courseCartSlice.selectors.selectCourseCartCount)
      .parameter(0)
      .toEqualTypeOf<{ courseCart: CourseCartState }>();
    expectTypeOf(courseCartSlice.selectors.selectCourseCartCount).returns.toEqualTypeOf<number>();
  });
});

describe('typed hooks', () => {
  it('useAppSelector hands the selector the whole RootState', () => {
    const { store, result, rerender } = renderWithStore(() =>
      // Compiles only because the hook knows RootState (an untyped selector gets `unknown`).
      useAppSelector((state) => state.courseCart.carts.length + state.checkout.totalCents),
    );
    expect(result.current).toBe(0);

    store.dispatch(addToCart(buildCourse()));
    store.dispatch(startCheckout({ source: 'courses', totalCents: 100 }));
    rerender();
    expect(result.current).toBe(101);
  });

  it('useAppDispatch is the store dispatch: a thunk answers its own typed promise', async () => {
    const { store, result } = renderWithStore(() => useAppDispatch());
    expectTypeOf(result.current).toEqualTypeOf<AppDispatch>();

    const courses = await result.current(fetchCourses({})).unwrap();
    expect(courses.map((course) => course._id)).toEqual(db.courses.map((course) => course._id));
    expect(coursesSlice.selectors.selectCourses(store.getState()).courses).toEqual(courses);
  });
});
