import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import {
  ACCESS_POLICIES,
  routeKeyParts,
  type AccessPolicy,
  type ListedRoute,
} from '../../server/auth/access-policy';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { createTestGateway } from './helpers/payments';

/**
 * Bad input of every kind, to every route of the access-policy table, as path parameter, query
 * and body, with every kind of credential: the server must answer each with a 4xx (or 2xx),
 * never a 5xx.
 */

const ROUTES = Object.keys(ACCESS_POLICIES) as ListedRoute[];

function deepArray(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

function deepObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { email: value };
  return value;
}

const BAD_STRINGS = [
  '',
  ' ',
  'a'.repeat(300),
  'a'.repeat(5_000),
  `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
  '\u0000',
  'a\u0000@b.co',
  '\u0000@example.com',
  'é@ü.de',
  '😀'.repeat(50),
  '\u202Eadmin@example.com',
  '\uD800',
  '%00',
  '../../etc/passwd',
  "x' or '1'='1@example.com",
  '<script>alert(1)</script>',
  'a@b.co',
  'A@B.CO ',
  'null',
  '-1',
  '1e400',
];

const BAD_VALUES: unknown[] = [
  ...BAD_STRINGS,
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  [],
  {},
  ['a@b.co'],
  { email: 'a@b.co' },
  deepArray(2_000),
  deepObject(500),
  Array.from({ length: 50_000 }, (_v, i) => i),
  Object.fromEntries(Array.from({ length: 5_000 }, (_v, i) => [`k${i}`, 'v'])),
];

/** Raw path segments a client can send that no encoder would produce. */
const RAW_PATH_PARAMS = ['%', '%zz', '%00', '%ED%A0%80', '%C0%AF', 'a'.repeat(2_000), '..%2F..'];

function encoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: sent as its (invalid) UTF-8 bytes.
    return '%ED%A0%80';
  }
}

const withParam = (path: string, param: string) => path.replace(/:\w+/g, param);

function bodyVariants(value: unknown): unknown[] {
  return [
    value,
    { email: value },
    { email: 'a@b.co', name: value, education: value, social: value, phoneNumber: value },
    { email: value, name: '', education: '', social: '', phoneNumber: '', address: value },
  ];
}

/** Every bad body, as sent (stringified once: the largest are 50,000 items long). */
const BAD_BODIES = BAD_VALUES.flatMap(bodyVariants).map((body) => JSON.stringify(body));

/**
 * What a caller the route turns away is sent: one of each kind of bad input (a long, a NUL and a
 * lone-surrogate string; null; the deepest and the largest JSON). Refusing them happens before
 * the route's own code, the same way for any input, so the whole lists go to the callers that get
 * through (`getsThrough`), and the run costs a third of sending every list with every credential.
 */
const SAMPLE_STRINGS = ['a'.repeat(5_000), '\u0000', '\uD800', '../../etc/passwd'];
const SAMPLE_BODIES = [
  'a'.repeat(5_000),
  null,
  deepArray(2_000),
  deepObject(500),
  Array.from({ length: 50_000 }, (_v, i) => i),
].map((value) => JSON.stringify({ email: value }));

type CredentialName =
  | 'no token'
  | 'a garbage token'
  | 'a malformed header'
  | 'a user token'
  | 'an admin token'
  | 'a Firebase ID token';

/**
 * The credentials a route's policy lets reach its own code (its params, query and body checks):
 * they get every bad input. A route for anyone ignores credentials; an optional sign-in serves the
 * anonymous caller and the signed-in ones apart; the token exchange takes a Firebase ID token;
 * every other policy wants an access token (whose owner or role the route then checks).
 */
function getsThrough(policy: AccessPolicy): ReadonlySet<CredentialName> {
  switch (policy) {
    case 'anyone':
    case 'stripe-signature':
      return new Set(['no token']);
    case 'optional-sign-in':
      return new Set(['no token', 'a user token', 'an admin token']);
    case 'firebase-self':
      return new Set(['a Firebase ID token']);
    default:
      return new Set(['a user token', 'an admin token']);
  }
}

describe('every route against bad input', () => {
  let t: TestApp;
  let user: SignedIn;
  let admin: SignedIn;
  let credentials: Array<[CredentialName, Record<string, string>]>;

  beforeAll(async () => {
    const adminEmail = uniqueEmail('fuzz-admin');
    // With Stripe configured, so the payment routes answer from their own checks, not a 503.
    t = await buildAccountsApp({ adminEmails: [adminEmail], paymentGateway: createTestGateway() });
    user = await signIn(t.app, 'fuzz-user');
    admin = await signIn(t.app, adminEmail);
    credentials = [
      ['no token', {}],
      ['a garbage token', bearer('garbage')],
      ['a malformed header', { authorization: 'Bearer \u00ff\u00fe x y' }],
      ['a user token', bearer(user.accessToken)],
      ['an admin token', bearer(admin.accessToken)],
      ['a Firebase ID token', bearer(user.idToken)],
    ];
  });
  afterAll(async () => {
    await t.close();
  });

  const failures: string[] = [];
  beforeEach(() => {
    failures.length = 0;
  });

  /**
   * Addresses to put in the path. Never the fuzz user for the admin's writes: deleting or
   * promoting them would leave the rest of the run without a plain signed-in user.
   */
  function targetsFor(route: ListedRoute): string[] {
    const adminWrite = ACCESS_POLICIES[route] === 'admin' && !route.startsWith('GET');
    return adminWrite ? [admin.email, 'nobody@example.test'] : [user.email, admin.email];
  }

  function check(label: string, res: LightMyRequestResponse): void {
    if (res.statusCode >= 500) {
      failures.push(`${res.statusCode} for ${label}: ${res.body.slice(0, 200)}`);
      return;
    }
    if (res.statusCode >= 400 && !apiErrorSchema.safeParse(res.json()).success) {
      failures.push(`${res.statusCode} without the error shape for ${label}`);
    }
  }

  async function send(label: string, options: InjectOptions): Promise<void> {
    check(label, await t.app.inject(options));
  }

  it.each(ROUTES)('%s answers no 5xx to bad path parameters', async (route) => {
    const { method, path } = routeKeyParts(route);
    if (!path.includes(':')) return;
    const through = getsThrough(ACCESS_POLICIES[route]);
    for (const [who, headers] of credentials) {
      const strings = through.has(who) ? BAD_STRINGS : SAMPLE_STRINGS;
      for (const param of [...strings.map(encoded), ...RAW_PATH_PARAMS]) {
        const url = withParam(path, param);
        await send(`${route} ${url.slice(0, 80)} with ${who}`, { method, url, headers });
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(ROUTES)('%s answers no 5xx to bad query strings', async (route) => {
    const { method, path } = routeKeyParts(route);
    const url = withParam(path, encoded(targetsFor(route)[0] ?? ''));
    const through = getsThrough(ACCESS_POLICIES[route]);
    for (const [who, headers] of credentials) {
      for (const value of through.has(who) ? BAD_STRINGS : SAMPLE_STRINGS) {
        const v = encoded(value);
        const query = `q=${v}&category=${v}&sort=${v}&page=${v}&limit=${v}&${v}=${v}`;
        await send(`${route} ?${query.slice(0, 60)} with ${who}`, {
          method,
          url: `${url}?${query}`,
          headers,
        });
      }
      for (const query of ['q=a&q=b', 'q[]=x', 'q[a][b]=c', 'page=1&page=2', '&&&=&=', '%']) {
        await send(`${route} ?${query} with ${who}`, { method, url: `${url}?${query}`, headers });
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(ROUTES.filter((route) => !route.startsWith('GET')))(
    '%s answers no 5xx to bad bodies',
    async (route) => {
      const { method, path } = routeKeyParts(route);
      const url = withParam(path, encoded(targetsFor(route)[0] ?? ''));
      const through = getsThrough(ACCESS_POLICIES[route]);
      for (const [who, headers] of credentials) {
        for (const payload of through.has(who) ? BAD_BODIES : SAMPLE_BODIES) {
          await send(`${route} body ${payload.slice(0, 60)} with ${who}`, {
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          });
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('answers no 5xx to random strings and JSON anywhere', async () => {
    const location = fc.constantFrom('path', 'query', 'body');
    const text = fc.string({ unit: 'binary', maxLength: 400 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.nat({ max: 5 }),
        location,
        text,
        fc.jsonValue({ maxDepth: 4 }),
        async (route, who, where, value, json) => {
          const { method, path } = routeKeyParts(route);
          const [, headers = {}] = credentials[who] ?? [];
          const param = encoded(where === 'path' ? value : (targetsFor(route)[0] ?? ''));
          let url = withParam(path, param);
          if (where === 'query') url += `?q=${encoded(value)}&page=${encoded(value)}`;
          const options: InjectOptions = { method, url, headers: { ...headers } };
          if (where === 'body' && method !== 'GET') {
            options.headers = { ...headers, 'content-type': 'application/json' };
            options.payload = JSON.stringify({ email: json, name: value });
          }
          const res = await t.app.inject(options);
          expect(res.statusCode, `${route} ${where} ${JSON.stringify(value)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('still knows the fuzz user as a plain user (the run above was not vacuous)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${encoded(user.email)}`,
      headers: bearer(user.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('false');
  });
});
