import { env } from '@/config/env';
import { takePreloadedResponse } from './preloaded-responses';
import { queryString, type Query } from './query-string';
import { accessToken } from '@/lib/access-token';
import {
  API_FAILURE_MESSAGES,
  PROXY_DOWN_STATUSES,
  UNREACHABLE_CODE,
} from './api/failure-messages';
import { INTERNAL_ERROR_MESSAGE } from '@contract/error-code';

/** An error answered by the product API, in its `{ error: { code, message } }` shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RequestOptions = {
  query?: Query;
  /** JSON, or FormData sent as multipart (the browser writes its content-type and boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Sent instead of the stored access token, for this call only (the ID-token exchange). */
  bearer?: string;
};

/** An API path ending in one encoded parameter, e.g. `withParam('/userprofile', email)`. */
export function withParam(prefix: string, value: string): string {
  return `${prefix}/${encodeURIComponent(value)}`;
}

let unauthorizedHandler: (() => void) | undefined;

/** Called once by the auth layer: a 401 from the API signs the user out. */
export function onUnauthorized(handler: (() => void) | undefined): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query?: Query): string {
  return `${env.apiUrl}${path}${queryString(query)}`;
}

function isErrorBody(body: unknown): body is { error: { code: string; message: string } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * The ApiError of a failed answer: the API's own message, except its bare "Internal server error";
 * an answer without the API's JSON came from a proxy (docs/product.md §8).
 */
function failureOf(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const { code, message } = body.error;
    // The server's own words, but for its bare 500 (a bug it does not describe).
    if (status >= 500 && code === 'internal' && message === INTERNAL_ERROR_MESSAGE)
      return new ApiError(status, code, API_FAILURE_MESSAGES.tryAgainLater);
    return new ApiError(status, code, message);
  }
  if (PROXY_DOWN_STATUSES.includes(status))
    return new ApiError(status, UNREACHABLE_CODE, API_FAILURE_MESSAGES.shopUnreachable);
  return new ApiError(status, 'http', API_FAILURE_MESSAGES.tryAgainLater);
}

/** A successful answer: its HTTP status next to the parsed JSON body (undefined when empty). */
export type ApiResponse<T> = { status: number; body: T };

async function send<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.bearer ?? accessToken.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (options.body instanceof FormData) {
    payload = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }

  let response: Response;
  const url = buildUrl(path, options.query);
  try {
    // The first screen's data, started by the page before the app ran (public GETs only).
    const preloaded = method === 'GET' ? takePreloadedResponse(url) : undefined;
    response = await (preloaded ??
      fetch(url, {
        method,
        headers,
        body: payload,
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE_CODE, API_FAILURE_MESSAGES.shopUnreachable);
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }

  if (!response.ok) {
    // Only a rejected access token ends the session; a one-off bearer's 401 is the caller's to handle.
    if (response.status === 401 && token && options.bearer === undefined) unauthorizedHandler?.();
    throw failureOf(response.status, body);
  }
  return { status: response.status, body: body as T };
}

async function request<T>(method: Method, path: string, options?: RequestOptions): Promise<T> {
  return (await send<T>(method, path, options)).body;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** The same call answered with its status too, where 2xx codes mean different things (201/200). */
  send: <T>(method: Method, path: string, options?: RequestOptions) =>
    send<T>(method, path, options),
};
