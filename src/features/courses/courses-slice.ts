import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { getCourses } from './api/get-courses';
import type { Course } from './types';

export type CoursesState = { isLoading: boolean; courses: Course[]; error: string | null };

const initialState: CoursesState = { isLoading: false, courses: [], error: null };

// The slice's key in the store (its reducerPath); the thunk reads its own state by it.
const name = 'courses';

// Unlike the original (docs/product.md §4 notes its thunk only logged), this returns the list.
export const fetchCourses = createAsyncThunk.withTypes<{ state: { [name]: CoursesState } }>()(
  'courses/fetch',
  async ({ signal }: { signal?: AbortSignal } = {}) => {
    try {
      return await getCourses(signal);
    } catch (error) {
      // Spec §8: a failed fetch is logged. Here, not in the reducer: reducers stay pure.
      if (!signal?.aborted) {
        console.error('Course fetch failed:', error instanceof Error ? error.message : error);
      }
      throw error;
    }
  },
  // One request at a time: a second mount (React StrictMode, quick navigation) reuses the running one.
  { condition: (_arg, { getState }) => !getState()[name].isLoading },
);

export const coursesSlice = createSlice({
  name,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCourses.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchCourses.fulfilled, (state, action) => {
        state.isLoading = false;
        state.courses = action.payload;
        state.error = null;
      })
      .addCase(fetchCourses.rejected, (state, action) => {
        state.isLoading = false;
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
