import { describe, expect, it } from 'vitest';
import type { ShippingAddress } from '@contract/payments';
import { makeStore } from '@/app/store';
import {
  clearCheckout,
  saveShippingAddress,
  selectCheckoutSource,
  selectCheckoutTotalCents,
  selectShippingAddress,
  startCheckout,
} from '@/features/checkout/checkout-slice';
import { usableAddress } from '@/features/checkout/shipping-address';
import { ADDRESS } from './helpers';

describe('checkout persistence', () => {
  it('keeps which cart, its total and the address across a reload (a new store reads localStorage)', () => {
    const first = makeStore();
    first.dispatch(startCheckout({ source: 'courses', totalCents: 1090 }));
    first.dispatch(saveShippingAddress(ADDRESS));

    const reloaded = makeStore().getState();
    expect(selectCheckoutSource(reloaded)).toBe('courses');
    expect(selectCheckoutTotalCents(reloaded)).toBe(1090);
    expect(selectShippingAddress(reloaded)).toEqual(ADDRESS);
  });

  it('a new Checkout keeps the saved address; after a payment only the address is remembered', () => {
    const store = makeStore();
    store.dispatch(startCheckout({ source: 'courses', totalCents: 1090 }));
    store.dispatch(saveShippingAddress(ADDRESS));
    store.dispatch(startCheckout({ source: 'books', totalCents: 2500 }));
    expect(selectShippingAddress(store.getState())).toEqual(ADDRESS);
    expect(selectCheckoutSource(store.getState())).toBe('books');

    store.dispatch(clearCheckout());
    const reloaded = makeStore().getState();
    expect(selectCheckoutSource(reloaded)).toBeNull();
    // Remembered for the next checkout.
    expect(selectShippingAddress(reloaded)).toEqual(ADDRESS);
  });

  it('ignores what is not valid JSON', () => {
    localStorage.setItem('checkout', '{not json');
    const state = makeStore().getState();
    expect(selectCheckoutSource(state)).toBeNull();
    expect(selectShippingAddress(state)).toBeNull();
  });

  it('drops each damaged part and keeps the valid ones', () => {
    const { city: _city, ...withoutCity } = ADDRESS;
    const cases: [unknown, 'kept' | 'dropped'][] = [
      [ADDRESS, 'kept'],
      [{ ...ADDRESS, city: '   ' }, 'dropped'],
      [{ ...ADDRESS, extra: 'field' }, 'dropped'],
      [withoutCity, 'dropped'],
      [{ ...ADDRESS, firstName: 42 }, 'dropped'],
      [{ ...ADDRESS, address: 'x'.repeat(1000) }, 'dropped'],
      ['a string', 'dropped'],
      [null, 'dropped'],
    ];
    for (const [shipping, expected] of cases) {
      localStorage.setItem(
        'checkout',
        JSON.stringify({ source: 'books', totalCents: 2500, shipping }),
      );
      const state = makeStore().getState();
      expect(selectCheckoutSource(state)).toBe('books');
      expect(selectShippingAddress(state)).toEqual(expected === 'kept' ? ADDRESS : null);
    }

    localStorage.setItem(
      'checkout',
      JSON.stringify({ source: 'gold', totalCents: -5, shipping: ADDRESS }),
    );
    const state = makeStore().getState();
    expect(selectCheckoutSource(state)).toBeNull();
    expect(selectCheckoutTotalCents(state)).toBe(0);
    expect(selectShippingAddress(state)).toEqual(ADDRESS);
  });
});

describe('a stored address the checkout screens accept', () => {
  it("follows the contract's rules: the four countries, the lengths, a plausible email", () => {
    expect(usableAddress(ADDRESS)).toEqual(ADDRESS);
    expect(usableAddress(null)).toBeNull();
    for (const damaged of [
      { ...ADDRESS, country: 'Atlantis' },
      { ...ADDRESS, postalCode: 'x'.repeat(21) },
      { ...ADDRESS, firstName: 'x'.repeat(101) },
      { ...ADDRESS, email: 'not an email' },
      { ...ADDRESS, state: ' ' },
    ]) {
      expect(usableAddress(damaged as ShippingAddress)).toBeNull();
    }
  });
});
