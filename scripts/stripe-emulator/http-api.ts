// The HTTP layer on Fastify: CORS, API-key checks, form bodies (qs), idempotency, routing to the
// PaymentIntent state machine and refunds, Stripe-shaped JSON answers, the Stripe.js stand-in, and
// the emulator-only `/_emulator/` inspection endpoints. Events go to the webhook sender only after
// the answer is sent.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { ApiError, apiErrors } from './api-error';
import type { EventLog } from './events';
import { fingerprint, parseForm, readStringList, type FormObject } from './form-body';
import type { IdempotencyStore } from './idempotency';
import type { Caller, PaymentIntents } from './payment-intents';
import type { Refunds } from './refunds';
import { newId, publishableView } from './stripe-objects';
import type { WebhookSender } from './webhooks';

export type ApiDependencies = {
  intents: PaymentIntents;
  refunds: Refunds;
  events: EventLog;
  idempotency: IdempotencyStore;
  webhooks: WebhookSender | undefined;
  /** The Stripe.js stand-in's source. */
  standInScript: string;
  /** The API version for requests that send no `Stripe-Version` (stripe-node always sends one). */
  defaultApiVersion: string;
  /** What `GET /v1/webhook_endpoints` lists: the endpoint the emulator delivers to, if any. */
  webhookEndpoints: Stripe.WebhookEndpoint[];
};

type KeyKind = 'secret' | 'restricted' | 'publishable';
type Answer = { status: number; body: unknown };
type Route = {
  method: 'GET' | 'POST';
  url: string;
  /**
   * 'client-secret': a publishable key may call it together with the PaymentIntent's client
   * secret. 'unrestricted': a restricted key (rk_) is refused with Stripe's 403, as one without
   * that permission is (the emulator's restricted keys have only payment permissions).
   */
  access: 'secret' | 'client-secret' | 'unrestricted';
  /** The permission a restricted key would need ('unrestricted' routes). */
  permission?: string;
  handle: (id: string, params: FormObject, caller: Caller) => Answer;
};

const maxBodyBytes = 1024 * 1024;

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
  'access-control-expose-headers': 'request-id, stripe-version, idempotent-replayed',
  'access-control-max-age': '300',
};

/** The emulator's HTTP API on Fastify. */
export function buildEmulatorApp(deps: ApiDependencies): FastifyInstance {
  const app = Fastify({ bodyLimit: maxBodyBytes, forceCloseConnections: true });

  // Stripe takes form bodies whatever the content type says; qs parses them in the route.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(corsHeaders);
  });
  // Deliver the events a request made once its answer is out, as Stripe does.
  app.addHook('onResponse', async () => {
    for (const record of deps.events.takeUndispatched()) deps.webhooks?.deliver(record);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendJson(reply, error.status, { error: error.body });
    if ((error as { statusCode?: number }).statusCode === 413)
      return sendJson(reply, 413, { error: apiErrors.bodyTooLarge().body });
    console.error('[stripe-emulator] unexpected error', error);
    return sendJson(reply, 500, { error: { type: 'api_error', message: 'Emulator error.' } });
  });
  app.setNotFoundHandler(notFound);

  app.options('/*', (_request, reply) => reply.code(204).send());

  app.get('/', (_request, reply) =>
    sendJson(reply, 200, {
      object: 'stripe_emulator',
      note: 'A local Stripe emulator for development and tests; not Stripe.',
      stripe_js: '/v3/stripe.js',
      api: '/v1/payment_intents',
      events: '/_emulator/events',
    }),
  );

  // Stripe.js lives at /v3/ (and the release-train paths, such as /basil/stripe.js).
  const standIn = (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .headers({
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'cross-origin-resource-policy': 'cross-origin',
      })
      .send(deps.standInScript);
  app.get('/v3', standIn);
  app.get('/v3/', standIn);
  app.get('/v3/stripe.js', standIn);
  app.get<{ Params: { train: string } }>('/:train/stripe.js', (request, reply) =>
    /^[a-z]+$/.test(request.params.train) ? standIn(request, reply) : notFound(request, reply),
  );

  registerEmulatorOnly(app, deps);

  for (const route of apiRoutes(deps)) {
    app.route<{ Params: { id?: string }; Body: string | undefined }>({
      method: route.method,
      url: route.url,
      handler: (request, reply) => {
        reply.header('request-id', newId('req'));
        const encoded =
          request.method === 'POST' ? (request.body ?? '') : queryOf(request.raw.url ?? '');
        const params = parseForm(encoded);
        const answer = apiAnswer(deps, route, request, reply, params);
        return sendJson(reply, answer.status, answer.body, answer.json);
      },
    });
  }
  return app;
}

function apiAnswer(
  deps: ApiDependencies,
  route: Route,
  request: FastifyRequest<{ Params: { id?: string } }>,
  reply: FastifyReply,
  params: FormObject,
): Answer & { json?: string } {
  const key = apiKeyOf(request, params);
  delete params.key;
  const kind = checkKey(key);
  const apiVersion = header(request, 'stripe-version') ?? deps.defaultApiVersion;
  reply.header('stripe-version', apiVersion);
  const idempotencyKey =
    request.method === 'POST' ? (header(request, 'idempotency-key') ?? null) : null;
  if (idempotencyKey) reply.header('idempotency-key', idempotencyKey);
  const caller: Caller = {
    requestId: String(reply.getHeader('request-id')),
    idempotencyKey,
    apiVersion,
    publishable: kind === 'publishable',
  };
  const id = request.params.id ?? '';
  if (kind === 'publishable') {
    if (route.access !== 'client-secret') throw apiErrors.publishableKeyNotAllowed();
    checkClientSecret(deps, id, params);
  }
  if (kind === 'restricted' && route.access === 'unrestricted')
    throw apiErrors.permissionDenied(key, route.permission ?? 'unknown');

  const endpoint = `${request.method} ${pathOf(request)}`;
  const print = fingerprint(params);
  if (idempotencyKey) {
    const saved = deps.idempotency.replay(key, idempotencyKey, endpoint, print);
    if (saved) {
      reply.header('idempotent-replayed', 'true');
      return { status: saved.status, body: undefined, json: saved.json };
    }
  }
  let answer: Answer;
  try {
    answer = route.handle(id, params, caller);
  } catch (error) {
    if (idempotencyKey && error instanceof ApiError && error.keepForIdempotency)
      deps.idempotency.save(key, idempotencyKey, endpoint, print, {
        status: error.status,
        json: toJson({ error: error.body }),
      });
    throw error;
  }
  if (idempotencyKey)
    deps.idempotency.save(key, idempotencyKey, endpoint, print, {
      status: answer.status,
      json: toJson(answer.body),
    });
  return answer;
}

function checkClientSecret(deps: ApiDependencies, id: string, params: FormObject): void {
  const secret = params.client_secret;
  if (typeof secret !== 'string' || secret === '') throw apiErrors.missingParam('client_secret');
  if (deps.intents.retrieve(id).client_secret !== secret) throw apiErrors.clientSecretMismatch();
}

/** Ours, not Stripe's: the events log and a webhook resend, for tests and development. */
function registerEmulatorOnly(app: FastifyInstance, deps: ApiDependencies): void {
  app.get('/_emulator/events', (request, reply) => {
    const query = new URLSearchParams(queryOf(request.raw.url ?? ''));
    const type = query.get('type');
    const paymentIntent = query.get('payment_intent');
    const data = deps.events
      .all()
      .filter((record) => !type || record.event.type === type)
      .filter((record) => !paymentIntent || relatesTo(record.event, paymentIntent))
      .map((record) => ({ event: record.event, delivery: record.delivery }));
    return sendJson(reply, 200, { object: 'list', data });
  });
  app.post<{ Params: { id: string } }>('/_emulator/events/:id/resend', (request, reply) => {
    const { id } = request.params;
    const record = deps.events.find(id);
    if (!record) throw apiErrors.resourceMissing('event', id);
    if (!deps.webhooks)
      return sendJson(reply, 409, {
        error: {
          type: 'invalid_request_error',
          message:
            'No webhook is configured: start the emulator with --webhook-url and --webhook-secret.',
        },
      });
    deps.webhooks.deliver(record);
    return sendJson(reply, 202, { id, object: 'event', resent: true });
  });
}

function apiRoutes(deps: ApiDependencies): Route[] {
  const { intents } = deps;
  const intentAnswer = (intent: Stripe.PaymentIntent, params: FormObject, caller: Caller) => ({
    status: 200,
    body: caller.publishable
      ? publishableView(intent)
      : intents.expanded(intent, readStringList(params, 'expand') ?? []),
  });
  return [
    {
      method: 'POST',
      url: '/v1/payment_intents',
      access: 'secret',
      handle: (_id, params, caller) => intentAnswer(intents.create(params, caller), params, caller),
    },
    {
      method: 'GET',
      url: '/v1/payment_intents/:id',
      access: 'client-secret',
      handle: (id, params, caller) => {
        delete params.client_secret;
        delete params.is_stripe_sdk;
        const known = ['expand'];
        for (const key of Object.keys(params))
          if (!known.includes(key)) throw apiErrors.unknownParam(key);
        return intentAnswer(intents.retrieve(id), params, caller);
      },
    },
    {
      method: 'POST',
      url: '/v1/payment_intents/:id/confirm',
      access: 'client-secret',
      handle: (id, params, caller) =>
        intentAnswer(intents.confirm(id, params, caller), params, caller),
    },
    {
      method: 'POST',
      url: '/v1/payment_intents/:id/cancel',
      access: 'secret',
      handle: (id, params, caller) =>
        intentAnswer(intents.cancel(id, params, caller), params, caller),
    },
    {
      method: 'POST',
      url: '/v1/payment_intents/:id',
      access: 'secret',
      handle: (id, params, caller) =>
        intentAnswer(intents.update(id, params, caller), params, caller),
    },
    {
      method: 'POST',
      url: '/v1/refunds',
      access: 'secret',
      handle: (_id, params, caller) => ({ status: 200, body: deps.refunds.create(params, caller) }),
    },
    {
      method: 'GET',
      url: '/v1/refunds/:id',
      access: 'secret',
      handle: (id, params) => {
        for (const key of Object.keys(params)) throw apiErrors.unknownParam(key);
        return { status: 200, body: deps.refunds.retrieve(id) };
      },
    },
    {
      method: 'GET',
      url: '/v1/webhook_endpoints',
      access: 'unrestricted',
      permission: 'rak_webhook_read',
      handle: (_id, params) => {
        for (const key of Object.keys(params))
          if (!['limit', 'starting_after', 'ending_before'].includes(key))
            throw apiErrors.unknownParam(key);
        // One page holds them all (at most one endpoint).
        return {
          status: 200,
          body: {
            object: 'list',
            url: '/v1/webhook_endpoints',
            has_more: false,
            data: deps.webhookEndpoints,
          },
        };
      },
    },
    {
      method: 'GET',
      url: '/v1/events/:id',
      access: 'secret',
      handle: (id) => {
        const record = deps.events.find(id);
        if (!record) throw apiErrors.resourceMissing('event', id);
        return { status: 200, body: record.event };
      },
    },
  ];
}

function relatesTo(event: Stripe.Event, paymentIntentId: string): boolean {
  const object = event.data.object as { id?: string; payment_intent?: unknown };
  return object.id === paymentIntentId || object.payment_intent === paymentIntentId;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `Authorization: Bearer <key>`, Basic auth with the key as user name, or Stripe.js's `key=`. */
function apiKeyOf(request: FastifyRequest, params: FormObject): string {
  const authorization = header(request, 'authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (basic) return Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '';
  return typeof params.key === 'string' ? params.key : '';
}

function checkKey(key: string): KeyKind {
  if (key === '') throw apiErrors.noApiKey();
  const match = /^(sk|rk|pk)_(test|live)_[A-Za-z0-9_]+$/.exec(key);
  if (!match) throw apiErrors.invalidApiKey(key);
  if (match[2] === 'live') throw apiErrors.liveKey(key);
  return match[1] === 'pk' ? 'publishable' : match[1] === 'rk' ? 'restricted' : 'secret';
}

function toJson(body: unknown): string {
  return JSON.stringify(body, null, 2);
}

function sendJson(reply: FastifyReply, status: number, body: unknown, json?: string) {
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json', 'cache-control': 'no-cache, no-store' })
    .send(json ?? toJson(body));
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = pathOf(request);
  if (!path.startsWith('/_emulator/')) reply.header('request-id', newId('req'));
  const error = apiErrors.unrecognizedUrl(request.method, path);
  return sendJson(reply, error.status, { error: error.body });
}

function pathOf(request: FastifyRequest): string {
  return new URL(request.raw.url ?? '/', 'http://emulator.invalid').pathname;
}

function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}
