import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, apiClient } from '@/lib/api-client';
import { announceBaseApi } from './lazy-api';

/** One request through the app's one api-client (base URL, bearer token, JSON errors). */
export type ApiRequest = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or FormData sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
};

/** How a failed request reaches components: the API's status, code and message. */
export type ApiQueryError = { status: number; code: string; message: string };

/** What an answer carries besides its body: its HTTP status (201 and 200 can mean different things). */
export type ApiMeta = { status: number };

const apiClientBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiQueryError, object, ApiMeta> = async (
  { url, method = 'GET', body, query },
  { signal },
) => {
  try {
    const answer = await apiClient.send<unknown>(method, url, { body, query, signal });
    return { data: answer.body, meta: { status: answer.status } };
  } catch (error) {
    if (error instanceof ApiError) {
      return { error: { status: error.status, code: error.code, message: error.message } };
    }
    throw error;
  }
};

/**
 * Server state that several screens share (the catalogue, the book cart behind the navbar badge,
 * the orders a payment creates) lives in one RTK Query cache: features add their endpoints with
 * `baseApi.injectEndpoints` and keep it right with tags. It refetches when the tab regains focus or the network comes back.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiClientBaseQuery,
  tagTypes: [
    'Books',
    'AdminBooks',
    'AdminOrders',
    'AdminCourses',
    'Sales',
    'Vitals',
    'ChatReports',
    'ChatUnread',
    'Cart',
    'Orders',
    'OwnedCourses',
    'Course',
    'CourseProgress',
    'CourseReviews',
    'Users',
    'Profile',
  ],
  refetchOnFocus: true,
  refetchOnReconnect: true,
  // An answer that does not match its endpoint's `responseSchema` (the contract's) is a failure
  // without a message of its own: each screen shows its usual "could not load" text.
  catchSchemaFailure: (failure) => {
    console.error('The API answered in an unexpected shape:', failure.issues);
    return { status: 0, code: 'invalid_response', message: '' };
  },
  endpoints: () => ({}),
});

// Every store adds the reducer and middleware now (see lazy-api.ts), before any hook runs.
announceBaseApi({ api: baseApi, setupListeners });
