import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import {
  addToCart,
  increaseQuantity,
  selectCourseCartLines,
} from '@/features/course-cart/course-cart-slice';
import { buildCourse } from '@/testing/data';

describe('course cart persistence', () => {
  it('keeps the cart across a reload (a new store reads localStorage)', () => {
    const first = makeStore();
    const course = buildCourse({ _id: 'c1', price: 12.5 });
    first.dispatch(addToCart(course));
    first.dispatch(increaseQuantity('c1'));

    const reloaded = makeStore();
    expect(selectCourseCartLines(reloaded.getState())).toEqual([{ ...course, quantity: 2 }]);
  });

  it('starts with an empty cart when the saved value is not valid JSON', () => {
    localStorage.setItem('courseCart', '{not json');
    expect(selectCourseCartLines(makeStore().getState())).toEqual([]);
  });

  it('drops damaged lines and keeps the valid ones', () => {
    localStorage.setItem(
      'courseCart',
      JSON.stringify({
        carts: [
          { _id: 'ok', name: 'Fine', price: 5, image: '/x.svg', quantity: 2 },
          { _id: 'bad', name: 'No quantity', price: 5, image: '/x.svg' },
          { _id: 'neg', name: 'Negative', price: -1, image: '/x.svg', quantity: 1 },
        ],
      }),
    );
    expect(selectCourseCartLines(makeStore().getState()).map((line) => line._id)).toEqual(['ok']);
  });

  it('does not read or write storage when persistence is off', () => {
    const store = makeStore({ persist: false });
    store.dispatch(addToCart(buildCourse()));
    expect(localStorage.getItem('courseCart')).toBeNull();
  });
});
