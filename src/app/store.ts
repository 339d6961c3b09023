import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import { checkoutSlice } from '@/features/checkout/checkout-slice';
import { loadCheckout, saveCheckout } from '@/features/checkout/persistence';
import { courseCartSlice } from '@/features/course-cart/course-cart-slice';
import { loadCourseCart, saveCourseCart } from '@/features/course-cart/persistence';
import { coursesSlice } from '@/features/courses/courses-slice';
import type { baseApi } from '@/lib/api/base-api';
import { whenBaseApiLoads } from '@/lib/api/lazy-api';

// Each slice sits under its own reducerPath, the key its `slice.selectors` read. The RTK Query
// cache joins when the first screen that uses it loads (src/lib/api/lazy-api.ts).
const rootReducer = combineSlices(
  courseCartSlice,
  coursesSlice,
  checkoutSlice,
).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

export type RootState = ReturnType<typeof rootReducer>;

type StoreOptions = { preloadedState?: Partial<RootState>; persist?: boolean };

/** Saves a slice to localStorage whenever it changes (the client-only state that survives a reload). */
function persistSlice<T>(
  store: { getState: () => RootState; subscribe: (listener: () => void) => unknown },
  select: (state: RootState) => T,
  save: (value: T) => void,
): void {
  let saved = select(store.getState());
  store.subscribe(() => {
    const current = select(store.getState());
    if (current !== saved) {
      saved = current;
      save(current);
    }
  });
}

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(dynamicMiddleware.middleware),
    preloadedState: {
      [courseCartSlice.reducerPath]: persist ? loadCourseCart() : undefined,
      [checkoutSlice.reducerPath]: persist ? loadCheckout() : undefined,
      ...preloadedState,
    },
  });
  whenBaseApiLoads(({ api }) => {
    rootReducer.inject(api);
    dynamicMiddleware.addMiddleware(api.middleware);
    // An action through the new reducer, so the api's state exists before its first hook reads it.
    store.dispatch(api.util.resetApiState());
  });
  if (persist) {
    persistSlice(store, courseCartSlice.selectSlice, saveCourseCart);
    persistSlice(store, checkoutSlice.selectSlice, saveCheckout);
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
