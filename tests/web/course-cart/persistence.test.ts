import { afterEach, describe, expect, it } from 'vitest';
import { SAVED_COURSE_CART_ATTRIBUTE, SAVED_COURSE_CART_PROBE } from '@contract/saved-course-cart';
import { makeStore } from '@/app/store';
import {
  addToCart,
  removeFromCart,
  selectCourseCartLines,
} from '@/features/course-cart/course-cart-slice';
import { buildCourse } from '@/testing/data';

describe('course cart persistence', () => {
  it('keeps the cart across a reload (a new store reads localStorage)', () => {
    const first = makeStore();
    const course = buildCourse({ _id: 'c1', price: 12.5 });
    first.dispatch(addToCart(course));

    const reloaded = makeStore();
    const { _id, name, price, image } = course;
    expect(selectCourseCartLines(reloaded.getState())).toEqual([
      { _id, name, price, image, quantity: 1 },
    ]);
  });

  it('loads a cart saved with "× 2" or a course twice as one of each (D62)', () => {
    localStorage.setItem(
      'courseCart',
      JSON.stringify({
        carts: [
          { _id: 'a', name: 'Twice', price: 5, image: '/a.svg', quantity: 2 },
          { _id: 'b', name: 'Once', price: 7, image: '/b.svg', quantity: 1 },
          { _id: 'a', name: 'Twice again', price: 5, image: '/a.svg', quantity: 1 },
        ],
      }),
    );
    expect(selectCourseCartLines(makeStore().getState())).toEqual([
      { _id: 'a', name: 'Twice', price: 5, image: '/a.svg', quantity: 1 },
      { _id: 'b', name: 'Once', price: 7, image: '/b.svg', quantity: 1 },
    ]);
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

describe("the prerendered documents' saved-cart probe (docs/decisions.md D49)", () => {
  /** Runs the probe as a prerendered document's head does; whether it marked <html>. */
  function probe(): boolean {
    document.documentElement.removeAttribute(SAVED_COURSE_CART_ATTRIBUTE);
    new Function(SAVED_COURSE_CART_PROBE)();
    return document.documentElement.hasAttribute(SAVED_COURSE_CART_ATTRIBUTE);
  }

  afterEach(() => document.documentElement.removeAttribute(SAVED_COURSE_CART_ATTRIBUTE));

  it('marks a browser holding the cart the app saved, and not once it is emptied', () => {
    expect(probe()).toBe(false);
    const store = makeStore();
    store.dispatch(addToCart(buildCourse({ _id: 'c1' })));
    expect(probe()).toBe(true);
    store.dispatch(removeFromCart('c1'));
    expect(probe()).toBe(false);
  });

  it('takes damaged storage for no saved cart, never throwing', () => {
    for (const saved of ['{not json', 'null', '42', '{"carts":"x"}', '{"carts":[]}']) {
      localStorage.setItem('courseCart', saved);
      expect(probe(), saved).toBe(false);
    }
  });
});
