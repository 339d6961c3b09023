import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { announceSlice } from '@/lib/lazy-slices';
import { getCourses } from './api/get-courses';
import type { Course } from './types';

export type CoursesState = {
  /** True until a fetch has answered: a first render (prerendered too) shows the spinner, not "No courses are available right now". */
  isLoading: boolean;
  courses: Course[];
  error: string | null;
  /** The fetch running now, if any (RTK's request id). */
  requestId: string | null;
};

const initialState: CoursesState = { isLoading: true, courses: [], error: null, requestId: null };

// The slice's key in the store (its reducerPath); the thunk reads its own state by it.
const name = 'courses';

// Unlike the original (docs/product.md §4 notes its thunk only logged), this returns the list.
export const fetchCourses = createAsyncThunk.withTypes<{ state: { [name]: CoursesState } }>()(
  'courses/fetch',
  async ({ signal }: { signal?: AbortSignal } = {}) => {
    try {
      return await getCourses(signal);
    } catch (error) {
      // docs/product.md §8: a failed fetch is logged. Here, not in the reducer: reducers stay pure.
      if (!signal?.aborted) {
        console.error('Course fetch failed:', error instanceof Error ? error.message : error);
      }
      throw error;
    }
  },
  // One request at a time: a second mount (React StrictMode, quick navigation) reuses the running one.
  { condition: (_arg, { getState }) => getState()[name].requestId === null },
);

export const coursesSlice = createSlice({
  name,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCourses.pending, (state, action) => {
        // A list already shown (a snapshot's, docs/decisions.md D63) stays while it is
        // refreshed: no spinner in its place. A first fetch, or a retry, shows the spinner.
        if (state.error !== null) state.isLoading = true;
        state.requestId = action.meta.requestId;
      })
      .addCase(fetchCourses.fulfilled, (state, action) => {
        state.isLoading = false;
        state.requestId = null;
        state.courses = action.payload;
        state.error = null;
      })
      .addCase(fetchCourses.rejected, (state, action) => {
        state.isLoading = false;
        state.requestId = null;
        state.courses = [];
        state.error = action.error.message ?? 'Could not load the courses.';
      });
  },
  // Read through the slice's key: `coursesSlice.selectors.x(rootState)`.
  selectors: {
    selectCourses: (state) => state,
  },
});

export const { selectCourses } = coursesSlice.selectors;

// Loaded with the course list (its screen, or its snapshot's data), not with the app
// (src/lib/lazy-slices.ts): each store takes the slice in now.
announceSlice({ reducerPath: coursesSlice.reducerPath, reducer: coursesSlice.reducer });
