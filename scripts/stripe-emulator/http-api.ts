// The HTTP layer: CORS, API-key checks, form bodies, idempotency, routing to the PaymentIntent state
// machine, Stripe-shaped JSON answers, the Stripe.js stand-in, and the emulator-only `/_emulator/`
// inspection endpoints. Events are handed to the webhook sender only after the answer is sent.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Stripe from 'stripe';
import { ApiError, apiErrors } from './api-error';
import type { EventLog } from './events';
import { fingerprint, parseForm, readStringList, type FormObject } from './form-body';
import type { IdempotencyStore } from './idempotency';
import type { Caller, PaymentIntents } from './payment-intents';
import { newId, publishableView } from './stripe-objects';
import type { WebhookSender } from './webhooks';

export type ApiDependencies = {
  intents: PaymentIntents;
  events: EventLog;
  idempotency: IdempotencyStore;
  webhooks: WebhookSender | undefined;
  /** The Stripe.js stand-in's source. */
  standInScript: string;
  /** The API version for requests that send no `Stripe-Version` (stripe-node always sends one). */
  defaultApiVersion: string;
};

type KeyKind = 'secret' | 'publishable';
type Answer = { status: number; body: unknown };
type Route = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** 'client-secret': a publishable key may call it together with the PaymentIntent's client secret. */
  access: 'secret' | 'client-secret';
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

export function createRequestHandler(deps: ApiDependencies) {
  const routes = apiRoutes(deps);

  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      console.error('[stripe-emulator] unexpected error', error);
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: 'api_error', message: 'Emulator error.' } });
      else response.destroy();
    });
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(corsHeaders)) response.setHeader(name, value);
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://emulator.invalid');
    const path = url.pathname;

    if (method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (method === 'GET' && path === '/') {
      sendJson(response, 200, {
        object: 'stripe_emulator',
        note: 'A local Stripe emulator for development and tests; not Stripe.',
        stripe_js: '/v3/stripe.js',
        api: '/v1/payment_intents',
        events: '/_emulator/events',
      });
      return;
    }
    if (method === 'GET' && isStandInPath(path)) {
      response.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'cross-origin-resource-policy': 'cross-origin',
      });
      response.end(deps.standInScript);
      return;
    }
    if (path.startsWith('/_emulator/')) {
      const answer = emulatorOnly(method, path, url.searchParams);
      sendJson(response, answer.status, answer.body);
      return;
    }

    const requestId = newId('req');
    response.setHeader('request-id', requestId);
    try {
      const body = method === 'POST' ? await readBody(request) : '';
      const params = parseForm(method === 'POST' ? body : url.search.slice(1));
      const answer = apiAnswer(request, method, path, params, requestId, response);
      sendJson(response, answer.status, answer.body, answer.json);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      sendJson(response, error.status, { error: error.body });
    }
    // Deliver the events this request made once its answer is out, as Stripe does.
    const dispatch = () => {
      for (const record of deps.events.takeUndispatched()) deps.webhooks?.deliver(record);
    };
    if (response.writableFinished) dispatch();
    else response.once('finish', dispatch);
  }

  function apiAnswer(
    request: IncomingMessage,
    method: string,
    path: string,
    params: FormObject,
    requestId: string,
    response: ServerResponse,
  ): Answer & { json?: string } {
    const route = routes.find(
      (candidate) => candidate.method === method && candidate.pattern.test(path),
    );
    const match = route?.pattern.exec(path);
    if (!route || !match) throw apiErrors.unrecognizedUrl(method, path);

    const key = apiKeyOf(request, params);
    delete params.key;
    const kind = checkKey(key);
    const apiVersion = header(request, 'stripe-version') ?? deps.defaultApiVersion;
    response.setHeader('stripe-version', apiVersion);
    const idempotencyKey = method === 'POST' ? (header(request, 'idempotency-key') ?? null) : null;
    if (idempotencyKey) response.setHeader('idempotency-key', idempotencyKey);
    const caller: Caller = {
      requestId,
      idempotencyKey,
      apiVersion,
      publishable: kind === 'publishable',
    };
    const id = decodeURIComponent(match[1] ?? '');
    if (kind === 'publishable') {
      if (route.access !== 'client-secret') throw apiErrors.publishableKeyNotAllowed();
      checkClientSecret(id, params);
    }

    const endpoint = `${method} ${path}`;
    const print = fingerprint(params);
    if (idempotencyKey) {
      const saved = deps.idempotency.replay(key, idempotencyKey, endpoint, print);
      if (saved) {
        response.setHeader('idempotent-replayed', 'true');
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

  function checkClientSecret(id: string, params: FormObject): void {
    const secret = params.client_secret;
    if (typeof secret !== 'string' || secret === '') throw apiErrors.missingParam('client_secret');
    if (deps.intents.retrieve(id).client_secret !== secret) throw apiErrors.clientSecretMismatch();
  }

  function emulatorOnly(method: string, path: string, query: URLSearchParams): Answer {
    if (method === 'GET' && path === '/_emulator/events') {
      const type = query.get('type');
      const paymentIntent = query.get('payment_intent');
      const data = deps.events
        .all()
        .filter((record) => !type || record.event.type === type)
        .filter((record) => !paymentIntent || relatesTo(record.event, paymentIntent))
        .map((record) => ({ event: record.event, delivery: record.delivery }));
      return { status: 200, body: { object: 'list', data } };
    }
    const resend = /^\/_emulator\/events\/([^/]+)\/resend$/.exec(path);
    if (method === 'POST' && resend) {
      const id = decodeURIComponent(resend[1] ?? '');
      const record = deps.events.find(id);
      if (!record) return errorAnswer(apiErrors.resourceMissing('event', id));
      if (!deps.webhooks)
        return {
          status: 409,
          body: {
            error: {
              type: 'invalid_request_error',
              message:
                'No webhook is configured: start the emulator with --webhook-url and --webhook-secret.',
            },
          },
        };
      deps.webhooks.deliver(record);
      return { status: 202, body: { id, object: 'event', resent: true } };
    }
    return errorAnswer(apiErrors.unrecognizedUrl(method, path));
  }
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
      pattern: /^\/v1\/payment_intents$/,
      access: 'secret',
      handle: (_id, params, caller) => intentAnswer(intents.create(params, caller), params, caller),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
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
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      access: 'client-secret',
      handle: (id, params, caller) =>
        intentAnswer(intents.confirm(id, params, caller), params, caller),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      access: 'secret',
      handle: (id, params, caller) =>
        intentAnswer(intents.cancel(id, params, caller), params, caller),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      access: 'secret',
      handle: (id, params, caller) =>
        intentAnswer(intents.update(id, params, caller), params, caller),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/events\/([^/]+)$/,
      access: 'secret',
      handle: (id) => {
        const record = deps.events.find(id);
        if (!record) throw apiErrors.resourceMissing('event', id);
        return { status: 200, body: record.event };
      },
    },
  ];
}

function isStandInPath(path: string): boolean {
  return ['/v3', '/v3/', '/v3/stripe.js'].includes(path) || /^\/[a-z]+\/stripe\.js$/.test(path);
}

function relatesTo(event: Stripe.Event, paymentIntentId: string): boolean {
  const object = event.data.object as { id?: string; payment_intent?: unknown };
  return object.id === paymentIntentId || object.payment_intent === paymentIntentId;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `Authorization: Bearer <key>`, Basic auth with the key as user name, or Stripe.js's `key=`. */
function apiKeyOf(request: IncomingMessage, params: FormObject): string {
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
  return match[1] === 'pk' ? 'publishable' : 'secret';
}

function errorAnswer(error: ApiError): Answer {
  return { status: error.status, body: { error: error.body } };
}

function toJson(body: unknown): string {
  return JSON.stringify(body, null, 2);
}

function sendJson(response: ServerResponse, status: number, body: unknown, json?: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-cache, no-store',
  });
  response.end(json ?? toJson(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so that the 413 answer still reaches the client.
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > maxBodyBytes) reject(apiErrors.bodyTooLarge());
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}
