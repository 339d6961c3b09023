import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
// Types only: the checkout's and the course list's slices load with their screens.
import type { checkoutSlice } from '@/features/checkout/checkout-slice';
import { courseCartSlice } from '@/features/course-cart/course-cart-slice';
import { loadCourseCart, saveCourseCart } from '@/features/course-cart/persistence';
import type { coursesSlice } from '@/features/courses/courses-slice';
import type { baseApi } from '@/lib/api/base-api';
import { whenBaseApiLoads } from '@/lib/api/lazy-api';
import { whenSliceLoads, type LazySlice } from '@/lib/lazy-slices';

/** The slices that join a store when their module loads (src/lib/lazy-slices.ts). */
type LazySlices = WithSlice<typeof checkoutSlice> & WithSlice<typeof coursesSlice>;

// Each slice sits under its own reducerPath, the key its `slice.selectors` read. The course cart
// is the store's own (the navbar's badge shows it on every page); the others join when the first
// screen that uses them loads: the RTK Query cache (src/lib/api/lazy-api.ts) and LazySlices.
// One root reducer per store: a slice joins each store with that store's saved state.
const makeRootReducer = () =>
  combineSlices(courseCartSlice).withLazyLoadedSlices<WithSlice<typeof baseApi> & LazySlices>();

/**
 * The store's state. A lazy slice's state is typed as present: only code that imported the
 * slice's module reads it, and evaluating that module joined the slice to every store.
 */
export type RootState = ReturnType<ReturnType<typeof makeRootReducer>> & LazySlices;

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

/**
 * A lazy slice as a store takes it in: its reducer starts from the state the store was given for
 * it, else from the saved state when the store persists; `watch` then saves each change.
 */
function joining<Path extends keyof LazySlices>(
  slice: LazySlice<Path, LazySlices[Path]>,
  { persist, given }: { persist: boolean; given: LazySlices[Path] | undefined },
) {
  const { reducerPath, reducer, persistence } = slice;
  const saved = persist ? persistence : undefined;
  const initial = given ?? saved?.load();
  return {
    injectable: {
      reducerPath,
      reducer: (state: LazySlices[Path] | undefined = initial, action: UnknownAction) =>
        reducer(state, action),
    },
    watch: (store: AppStore) => {
      if (saved) persistSlice(store, (state: LazySlices) => state[reducerPath], saved.save);
    },
  };
}

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const rootReducer = makeRootReducer();
  const dynamicMiddleware = createDynamicMiddleware();
  // The store once it exists: a slice that joins before it is part of its first state.
  const made: { store?: AppStore } = {};
  const watches: ((store: AppStore) => void)[] = [];
  const joined = (watch: (store: AppStore) => void) => {
    if (!made.store) {
      watches.push(watch);
      return;
    }
    // An action through the new reducer, so the slice's state exists before its first selector reads it.
    made.store.dispatch({ type: 'lazySlices/joined' });
    watch(made.store);
  };
  // A lazy slice's given state waits for the slice (the root reducer would drop it until then).
  const { checkout, courses, ...givenNow } = preloadedState ?? {};
  whenSliceLoads<'checkout', LazySlices['checkout']>('checkout', (slice) => {
    const { injectable, watch } = joining(slice, { persist, given: checkout });
    rootReducer.inject(injectable);
    joined(watch);
  });
  whenSliceLoads<'courses', LazySlices['courses']>('courses', (slice) => {
    const { injectable, watch } = joining(slice, { persist, given: courses });
    rootReducer.inject(injectable);
    joined(watch);
  });

  const store = configureStore({
    // Typed with the lazy slices present (RootState): see there.
    reducer: rootReducer as Reducer<RootState, UnknownAction, Partial<RootState>>,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(dynamicMiddleware.middleware),
    preloadedState: {
      [courseCartSlice.reducerPath]: persist ? loadCourseCart() : undefined,
      ...givenNow,
    },
  });
  whenBaseApiLoads(({ api }) => {
    rootReducer.inject(api);
    dynamicMiddleware.addMiddleware(api.middleware);
    // An action through the new reducer, so the api's state exists before its first hook reads it.
    store.dispatch(api.util.resetApiState());
  });
  if (persist) persistSlice(store, courseCartSlice.selectSlice, saveCourseCart);
  made.store = store;
  for (const watch of watches) watch(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
