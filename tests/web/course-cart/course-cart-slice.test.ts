import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import {
  addToCart,
  clearCart,
  decreaseQuantity,
  increaseQuantity,
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
  it('appends a course that is not in the cart with quantity 1', () => {
    const store = storeWith();
    const course = buildCourse({ _id: 'c1', name: 'React', price: 10 });
    store.dispatch(addToCart(course));
    expect(selectCourseCartLines(store.getState())).toEqual([{ ...course, quantity: 1 }]);
  });

  it('raises the quantity by 1 when the course is already in the cart (compared by id)', () => {
    const store = storeWith();
    const course = buildCourse({ _id: 'c1' });
    store.dispatch(addToCart(course));
    store.dispatch(addToCart({ ...course, name: 'Renamed elsewhere' }));
    const lines = selectCourseCartLines(store.getState());
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(2);
  });

  it('carries the id in a payload field called bid', () => {
    const action = addToCart(buildCourse({ _id: 'c9' }));
    expect(action.payload.bid).toBe('c9');
  });

  it('clearCart (after the courses were paid) empties the cart', () => {
    const store = storeWith(
      buildCartLine({ _id: 'c1' }),
      buildCartLine({ _id: 'c2', quantity: 3 }),
    );
    store.dispatch(clearCart());
    expect(selectCourseCartLines(store.getState())).toEqual([]);
    expect(selectCourseCartTotalCents(store.getState())).toBe(0);
  });

  it('removes a line by id and leaves the others', () => {
    const store = storeWith(buildCartLine({ _id: 'a' }), buildCartLine({ _id: 'b' }));
    store.dispatch(removeFromCart('a'));
    expect(selectCourseCartLines(store.getState()).map((line) => line._id)).toEqual(['b']);
  });

  it('minus at quantity 1 removes the line', () => {
    const store = storeWith(buildCartLine({ _id: 'a', quantity: 1 }));
    store.dispatch(decreaseQuantity('a'));
    expect(selectCourseCartLines(store.getState())).toEqual([]);
  });

  it('minus above 1 lowers the quantity by 1', () => {
    const store = storeWith(buildCartLine({ _id: 'a', quantity: 3 }));
    store.dispatch(decreaseQuantity('a'));
    expect(selectCourseCartLines(store.getState())[0]?.quantity).toBe(2);
  });

  it('plus raises the quantity by 1', () => {
    const store = storeWith(buildCartLine({ _id: 'a', quantity: 1 }));
    store.dispatch(increaseQuantity('a'));
    store.dispatch(increaseQuantity('a'));
    expect(selectCourseCartLines(store.getState())[0]?.quantity).toBe(3);
  });

  it('ignores minus, plus and remove for an id that is not in the cart', () => {
    const store = storeWith(buildCartLine({ _id: 'a', quantity: 2 }));
    const before = store.getState().courseCart;
    store.dispatch(increaseQuantity('zzz'));
    store.dispatch(decreaseQuantity('zzz'));
    store.dispatch(removeFromCart('zzz'));
    expect(store.getState().courseCart).toEqual(before);
  });

  it('counts distinct lines, not quantities', () => {
    const store = storeWith(buildCartLine({ _id: 'a', quantity: 5 }), buildCartLine({ _id: 'b' }));
    expect(selectCourseCartCount(store.getState())).toBe(2);
  });

  it('sums price × quantity in exact cents (0.1 + 0.2 is 30 cents)', () => {
    const store = storeWith(
      buildCartLine({ _id: 'a', price: 0.1 }),
      buildCartLine({ _id: 'b', price: 0.2 }),
    );
    expect(selectCourseCartTotalCents(store.getState())).toBe(30);
    store.dispatch(increaseQuantity('a'));
    store.dispatch(addToCart(buildCourse({ _id: 'c', price: 19.99 })));
    // 2 × 10 + 20 + 1999
    expect(selectCourseCartTotalCents(store.getState())).toBe(2039);
  });

  it('totals 0 for an empty cart', () => {
    expect(selectCourseCartTotalCents(storeWith().getState())).toBe(0);
  });
});
