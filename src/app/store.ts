import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { checkoutSlice } from '@/features/checkout/checkout-slice';
import { courseCartSlice } from '@/features/course-cart/course-cart-slice';
import { loadCourseCart, saveCourseCart } from '@/features/course-cart/persistence';
import { coursesSlice } from '@/features/courses/courses-slice';

const rootReducer = combineReducers({
  courseCart: courseCartSlice.reducer,
  courses: coursesSlice.reducer,
  checkout: checkoutSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

type StoreOptions = { preloadedState?: Partial<RootState>; persist?: boolean };

export function makeStore({ preloadedState, persist = true }: StoreOptions = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { courseCart: persist ? loadCourseCart() : undefined, ...preloadedState },
  });
  if (persist) {
    let saved = store.getState().courseCart;
    store.subscribe(() => {
      const current = store.getState().courseCart;
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
