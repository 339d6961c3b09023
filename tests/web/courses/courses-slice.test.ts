import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { coursesSlice, fetchCourses, selectCourses } from '@/features/courses/courses-slice';
import { buildCourse } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

const reducer = coursesSlice.reducer;

describe('courses slice', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts loading: a first render shows the spinner, not an empty list', () => {
    expect(reducer(undefined, { type: 'init' })).toEqual({
      isLoading: true,
      courses: [],
      error: null,
      requestId: null,
    });
  });

  it('pending sets isLoading', () => {
    const state = reducer(undefined, fetchCourses.pending('req-1', {}));
    expect(state.isLoading).toBe(true);
  });

  it('fulfilled stores the list, clears the error and stops loading', () => {
    const courses = [buildCourse(), buildCourse()];
    const state = reducer(
      { isLoading: true, courses: [], error: 'old failure', requestId: 'req-1' },
      fetchCourses.fulfilled(courses, 'req-1', {}),
    );
    expect(state).toEqual({ isLoading: false, courses, error: null, requestId: null });
  });

  it('rejected empties the list and stores the error message, without logging (a pure reducer)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = reducer(
      { isLoading: true, courses: [buildCourse()], error: null, requestId: 'req-1' },
      fetchCourses.rejected(new Error('Boom'), 'req-1', {}),
    );
    expect(state).toEqual({ isLoading: false, courses: [], error: 'Boom', requestId: null });
    expect(log).not.toHaveBeenCalled();
  });

  it('fetches GET /api/courses into the store', async () => {
    const store = makeStore({ persist: false });
    await store.dispatch(fetchCourses({}));
    expect(selectCourses(store.getState())).toEqual({
      isLoading: false,
      courses: db.courses,
      error: null,
      requestId: null,
    });
  });

  it('stores the failure message when GET /api/courses cannot be loaded', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(apiPath('/courses'), () => new HttpResponse(null, { status: 500 })));
    const store = makeStore({ persist: false });
    await store.dispatch(fetchCourses({}));
    expect(selectCourses(store.getState())).toEqual({
      isLoading: false,
      courses: [],
      error: 'Could not load the courses (HTTP 500).',
      requestId: null,
    });
    // The thunk logs the failure once (docs/product.md §8).
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      'Course fetch failed:',
      'Could not load the courses (HTTP 500).',
    );
  });

  it('rejects a GET /api/courses that is not a course list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(apiPath('/courses'), () => HttpResponse.json([{ _id: 1, name: 'No price' }])),
    );
    const store = makeStore({ persist: false });
    await store.dispatch(fetchCourses({}));
    expect(selectCourses(store.getState()).error).toBe(
      'The course list is not in the expected format.',
    );
  });

  it('does not start a second request while one is running', async () => {
    let requests = 0;
    server.use(
      http.get(apiPath('/courses'), () => {
        requests += 1;
      }),
    );
    const store = makeStore({ persist: false });
    await Promise.all([store.dispatch(fetchCourses({})), store.dispatch(fetchCourses({}))]);
    expect(requests).toBe(1);
    expect(selectCourses(store.getState()).courses).toHaveLength(db.courses.length);
  });
});
