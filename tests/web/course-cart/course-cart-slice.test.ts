import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import {
  addToCart,
  clearCart,
  payableCourseLines,
  removeFromCart,
  selectCourseCartCount,
  selectCourseCartLines,
  selectCourseCartTotalCents,
} from '@/features/course-cart/course-cart-slice';
import { buildCartLine, buildCourse } from '@/testing/data';

function storeWith(...lines: ReturnType<typeof buildCartLine>[]) {
  return makeStore({ persist: false, preloadedState: { courseCart: { carts: lines } } });
}

describe('course cart slice', () => {
  it('appends a course that is not in the cart with quantity 1, keeping only the cart fields', () => {
    const store = storeWith();
    const course = buildCourse({ _id: 'c1', name: 'React', price: 10, image: '/r.svg' });
    store.dispatch(addToCart(course));
    expect(selectCourseCartLines(store.getState())).toEqual([
      { _id: 'c1', name: 'React', price: 10, image: '/r.svg', quantity: 1 },
    ]);
  });

  it('holds one of each course: adding one already in the cart changes nothing (by id)', () => {
    const store = storeWith();
    const course = buildCourse({ _id: 'c1' });
    store.dispatch(addToCart(course));
    const before = store.getState().courseCart;
    store.dispatch(addToCart({ ...course, name: 'Renamed elsewhere' }));
    expect(store.getState().courseCart).toEqual(before);
    expect(selectCourseCartLines(store.getState())).toMatchObject([
      { _id: 'c1', name: course.name, quantity: 1 },
    ]);
  });

  it('leaves owned courses out of what a checkout pays', () => {
    const lines = [buildCartLine({ _id: 'a' }), buildCartLine({ _id: 'b' })];
    expect(payableCourseLines(lines, new Set(['a'])).map((line) => line._id)).toEqual(['b']);
    expect(payableCourseLines(lines, new Set())).toEqual(lines);
  });

  it('carries the id in a payload field called bid', () => {
    const action = addToCart(buildCourse({ _id: 'c9' }));
    expect(action.payload.bid).toBe('c9');
  });

  it('clearCart (after the courses were paid) empties the cart', () => {
    const store = storeWith(buildCartLine({ _id: 'c1' }), buildCartLine({ _id: 'c2' }));
    store.dispatch(clearCart());
    expect(selectCourseCartLines(store.getState())).toEqual([]);
    expect(selectCourseCartTotalCents(store.getState())).toBe(0);
  });

  it('removes a line by id and leaves the others', () => {
    const store = storeWith(buildCartLine({ _id: 'a' }), buildCartLine({ _id: 'b' }));
    store.dispatch(removeFromCart('a'));
    expect(selectCourseCartLines(store.getState()).map((line) => line._id)).toEqual(['b']);
  });

  it('ignores remove for an id that is not in the cart', () => {
    const store = storeWith(buildCartLine({ _id: 'a' }));
    const before = store.getState().courseCart;
    store.dispatch(removeFromCart('zzz'));
    expect(store.getState().courseCart).toEqual(before);
  });

  it('counts distinct lines, not quantities', () => {
    const store = storeWith(buildCartLine({ _id: 'a' }), buildCartLine({ _id: 'b' }));
    expect(selectCourseCartCount(store.getState())).toBe(2);
  });

  it('sums price × quantity in exact cents (0.1 + 0.2 is 30 cents)', () => {
    const store = storeWith(
      buildCartLine({ _id: 'a', price: 0.1 }),
      buildCartLine({ _id: 'b', price: 0.2 }),
    );
    expect(selectCourseCartTotalCents(store.getState())).toBe(30);
    store.dispatch(addToCart(buildCourse({ _id: 'c', price: 19.99 })));
    // 10 + 20 + 1999
    expect(selectCourseCartTotalCents(store.getState())).toBe(2029);
  });

  it('totals 0 for an empty cart', () => {
    expect(selectCourseCartTotalCents(storeWith().getState())).toBe(0);
  });
});
