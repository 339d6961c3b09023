import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { checkoutSlice } from '@/features/checkout/checkout-slice';
import { courseCartSlice } from '@/features/course-cart/course-cart-slice';
import { loadCourseCart, saveCourseCart } from '@/features/course-cart/persistence';
import { coursesSlice } from '@/features/courses/courses-slice';
import { baseApi } from '@/lib/api/base-api';

// Each slice sits under its own reducerPath, the key its `slice.selectors` read.
const rootReducer = combineSlices(courseCartSlice, coursesSlice, checkoutSlice, baseApi);

export type RootState = ReturnType<typeof rootReducer>;

type StoreOptions = { preloadedState?: Partial<RootState>; persist?: boolean };

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
    preloadedState: {
      [courseCartSlice.reducerPath]: persist ? loadCourseCart() : undefined,
      ...preloadedState,
    },
  });
  if (persist) {
    let saved = courseCartSlice.selectSlice(store.getState());
    store.subscribe(() => {
      const current = courseCartSlice.selectSlice(store.getState());
      if (current !== saved) {
        saved = current;
        saveCourseCart(current);
      }
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
