import type { z } from 'zod';
import type { RouteKey } from '@contract/access-policy';
import type { ApiRouteSpec } from '@contract/api-route-spec';
import type { ApiMeta, ApiRequest } from './base-api';
import { lazySchema } from './lazy-schema';

type Table = Readonly<Record<string, ApiRouteSpec>>;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a route answers when it succeeds: the output of its 2xx schemas. */
export type RouteAnswer<S extends ApiRouteSpec> = S extends { response: infer R }
  ? R[Extract<keyof R, SuccessStatus>] extends infer Schema extends z.ZodType
    ? z.output<Schema>
    : never
  : never;

/** The names of a path's `:params` (`/books/:id/history` → 'id'). */
type ParamNames<Path extends string> = Path extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<Tail>
    : Rest extends `${infer Name}.${string}`
      ? Name
      : Rest
  : never;

/** What a call of route `K` sends: its path's params, and its query and body as the table types them. */
export type RouteCall<K extends string, S extends ApiRouteSpec> = ([ParamNames<K>] extends [never]
  ? unknown
  : { params: Record<ParamNames<K>, string> }) &
  (S extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : unknown) &
  (S extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown);

type AnyCall = { params?: Record<string, string>; query?: unknown; body?: unknown };

/**
 * The request of a call of `key`: its method, and its path with each `:param` filled in
 * (encoded), without the `/api` the API client's base URL holds.
 */
export function routeRequest(key: RouteKey, call: AnyCall = {}): ApiRequest {
  const [method, path = ''] = key.split(' ');
  return {
    // The compiler wants a value for each of the path's params (RouteCall).
    url: path
      .slice('/api'.length)
      .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? '')),
    method: method as ApiRequest['method'],
    body: call.body,
    query: call.query as ApiRequest['query'],
  };
}

/**
 * One resource's routes for RTK Query endpoints (docs/decisions.md D73): `load` imports the
 * resource's part of the API table (contract/routes/), which happens with the first answer an
 * endpoint checks, never with the screen, so a page that fetches nothing evaluates no zod (D67).
 * An endpoint names its route by its key; the method and path are read from the key itself.
 */
export function apiRoutes<T extends Table>(load: () => Promise<T>) {
  let table: Promise<T> | undefined;
  return function route<K extends keyof T & RouteKey, Arg, Result = RouteAnswer<T[K]>>(
    key: K,
    call: (arg: Arg) => RouteCall<K, T[K]>,
    /** From the checked answer to the endpoint's result (default: the answer itself). */
    transform?: (answer: RouteAnswer<T[K]>, meta: ApiMeta | undefined, arg: Arg) => Result,
  ) {
    // Checked against the route's success answers, whichever status came (a 201 and a 200 may
    // differ); the parsed value is what the endpoint gets.
    const rawResponseSchema = lazySchema(async () => {
      table ??= load();
      const response: Readonly<Record<number, z.ZodType>> = (await table)[key]?.response ?? {};
      const schemas = Object.entries(response).flatMap(([status, schema]) =>
        Number(status) < 300 ? [schema] : [],
      );
      return {
        '~standard': {
          version: 1 as const,
          vendor: 'learntogether-route',
          validate: async (value: unknown) => {
            let issues: z.core.$ZodIssue[] = [];
            for (const schema of schemas) {
              const parsed = await schema.safeParseAsync(value);
              if (parsed.success) return { value: parsed.data as RouteAnswer<T[K]> };
              issues = parsed.error.issues;
            }
            return { issues };
          },
        },
      };
    });
    return {
      query: (arg: Arg): ApiRequest => routeRequest(key, call(arg) as AnyCall),
      rawResponseSchema,
      // Without one, the checked answer is the result (RTK Query's default).
      transformResponse: transform as
        ((answer: unknown, meta: ApiMeta | undefined, arg: Arg) => Result) | undefined,
    };
  };
}
