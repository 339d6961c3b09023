import { setupListeners } from '@reduxjs/toolkit/query';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, apiClient } from '@/lib/api-client';
import { announceBaseApi } from './lazy-api';

/** One request through the app's one api-client (base URL, bearer token, JSON errors). */
export type ApiRequest = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
};

/** How a failed request reaches components: the API's status, code and message. */
export type ApiQueryError = { status: number; code: string; message: string };

const apiClientBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiQueryError> = async (
  { url, method = 'GET', body, query },
  { signal },
) => {
  try {
    const { body: data } = await apiClient.send<unknown>(method, url, { body, query, signal });
    return { data };
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
  tagTypes: ['Books', 'Cart', 'Orders'],
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

// Every store adds the reducer and middleware now (see lazy-api.ts), before any hook runs.
announceBaseApi({ api: baseApi, setupListeners });
