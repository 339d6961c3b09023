import { beforeEach, describe, expect, it, vi } from 'vitest';

// The checkout's and the course list's slices load with their screens, not with the store
// (src/lib/lazy-slices.ts): each test starts from a module graph where neither has loaded.
beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

const saved = { source: 'courses', totalCents: 1090, shipping: null };

describe('slices that load with their screens', () => {
  it('the store is made without the checkout; loading it joins it with the saved checkout', async () => {
    localStorage.setItem('checkout', JSON.stringify(saved));
    const { makeStore } = await import('@/app/store');
    const store = makeStore();
    expect(Object.keys(store.getState())).not.toContain('checkout');

    const { selectCheckoutSource, selectCheckoutTotalCents, startCheckout } =
      await import('@/features/checkout/checkout-slice');
    expect(selectCheckoutSource(store.getState())).toBe('courses');
    expect(selectCheckoutTotalCents(store.getState())).toBe(1090);

    // And it is saved again on each change, for the next reload.
    store.dispatch(startCheckout({ source: 'books', totalCents: 500 }));
    expect(JSON.parse(localStorage.getItem('checkout') ?? 'null')).toEqual({
      source: 'books',
      totalCents: 500,
      shipping: null,
    });
  });

  it('a store that does not persist takes the state it was given, not the saved one', async () => {
    localStorage.setItem('checkout', JSON.stringify(saved));
    const { makeStore } = await import('@/app/store');
    const given = makeStore({
      persist: false,
      preloadedState: { checkout: { source: 'books', totalCents: 42, shipping: null } },
    });
    const fresh = makeStore({ persist: false });

    const { checkoutSlice, startCheckout } = await import('@/features/checkout/checkout-slice');
    expect(checkoutSlice.selectSlice(given.getState())).toEqual({
      source: 'books',
      totalCents: 42,
      shipping: null,
    });
    expect(checkoutSlice.selectSlice(fresh.getState())).toEqual({
      source: null,
      totalCents: 0,
      shipping: null,
    });
    fresh.dispatch(startCheckout({ source: 'books', totalCents: 500 }));
    expect(JSON.parse(localStorage.getItem('checkout') ?? 'null')).toEqual(saved);
  });

  it('the course list joins every store when it loads; a store made later has it at once', async () => {
    const { makeStore } = await import('@/app/store');
    const before = makeStore({ persist: false });
    const { fetchCourses, selectCourses } = await import('@/features/courses/courses-slice');
    const after = makeStore({ persist: false });

    for (const store of [before, after]) {
      expect(selectCourses(store.getState()).isLoading).toBe(true);
      store.dispatch(fetchCourses.fulfilled([], 'test', {}));
      expect(selectCourses(store.getState())).toMatchObject({ isLoading: false, courses: [] });
    }
  });
});
