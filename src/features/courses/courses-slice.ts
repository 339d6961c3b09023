import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { getCourses } from './api/get-courses';
import type { Course } from './types';

export type CoursesState = { isLoading: boolean; courses: Course[]; error: string | null };

const initialState: CoursesState = { isLoading: false, courses: [], error: null };

// Unlike the original (spec §4 notes its thunk only logged), this returns the list.
export const fetchCourses = createAsyncThunk(
  'courses/fetch',
  ({ signal }: { signal?: AbortSignal } = {}) => getCourses(signal),
  // One request at a time: a second mount (React StrictMode, quick navigation) reuses the running one.
  {
    condition: (_arg, { getState }) => !(getState() as { courses: CoursesState }).courses.isLoading,
  },
);

export const coursesSlice = createSlice({
  name: 'courses',
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
        console.error('Course fetch failed:', state.error);
      });
  },
});

export const selectCourses = (state: { courses: CoursesState }) => state.courses;
