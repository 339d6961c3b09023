import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeKeyParts } from '../../contract/access-policy';
import { API_ROUTES, type DescribedRouteKey } from '../../contract/api-routes';
import { errorResponses } from './errors';

type Entry<K extends DescribedRouteKey> = (typeof API_ROUTES)[K];
type Field<K extends DescribedRouteKey, F extends string> =
  Entry<K> extends Record<F, infer S> ? S : undefined;

/** The route's schemas as Fastify takes them, from its entry of the table. */
type RouteSchema<K extends DescribedRouteKey> = {
  params: Field<K, 'params'>;
  querystring: Field<K, 'query'>;
  body: Field<K, 'body'>;
  response: Field<K, 'response'> & typeof errorResponses;
};

/** A handler whose request (params, query, body) and reply are typed by the table's schemas. */
export type ApiRouteHandler<K extends DescribedRouteKey> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  FastifyContextConfig,
  RouteSchema<K>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its entry of the table: everything but its schemas. */
export type ApiRouteOptions = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'preValidation' | 'preHandler' | 'compress'
> & {
  /** Its rate limit (`rateLimit`, a rule of server/rate-limit.ts). */
  config?: FastifyContextConfig;
  /** The OpenAPI operation's summary. */
  summary?: string;
  /**
   * false: the table's answers are all the route has (no `{ error }` shape for 4xx and 5xx), for
   * a route that answers its own way (health) or cannot fail (the OpenAPI document).
   */
  errorResponses?: false;
};

/** A route plugin's instance (FastifyPluginAsyncZod's): schemas are zod, validated by zod. */
type ZodFastifyInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Registers the handler of a route of the table (contract/api-routes.ts) on a plugin registered
 * under the `/api` prefix: the method and URL come from the key, the params, query, body and
 * success answers from its entry (the error shape is added for 4xx and 5xx), so the validation,
 * the serialisation and the OpenAPI document all follow the table.
 */
export function apiRoute<K extends DescribedRouteKey>(
  app: ZodFastifyInstance,
  key: K,
  options: ApiRouteOptions,
  handler: ApiRouteHandler<K>,
): void {
  const { config, summary, errorResponses: withErrors, ...hooks } = options;
  const { method, path } = routeKeyParts(key);
  const entry: { params?: unknown; query?: unknown; body?: unknown; response: object } =
    API_ROUTES[key];
  const schema: FastifySchema = {
    ...(summary !== undefined && { summary }),
    ...(entry.params !== undefined && { params: entry.params }),
    ...(entry.query !== undefined && { querystring: entry.query }),
    ...(entry.body !== undefined && { body: entry.body }),
    response: withErrors === false ? entry.response : { ...entry.response, ...errorResponses },
  };
  app.route({
    // A route without a body has nothing to decompress: no @fastify/compress preParsing hook on
    // each of its requests (docs/decisions.md D93).
    ...(entry.body === undefined && { decompress: false }),
    ...hooks,
    method,
    url: path.slice('/api'.length),
    schema,
    ...(config !== undefined && { config }),
    handler: handler as RouteHandlerMethod,
  });
}

/**
 * Calls `send` with `value` on this tick when it is already at hand, or once it arrives: what a
 * handler that is not async returns, so that an answer kept in memory costs no promise
 * (docs/decisions.md D93).
 */
export function sendWhenReady<T>(
  value: T | Promise<T>,
  send: (value: T) => void,
): Promise<void> | undefined {
  if (value instanceof Promise) return value.then(send);
  send(value);
  return undefined;
}
