import { createHash, randomUUID } from 'node:crypto';
import Fastify, { type InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminOrderParamsSchema } from '../../contract/admin-orders';
import { API_ROUTES, type ApiRouteSpec } from '../../contract/api-routes';
import { bookParamsSchema } from '../../contract/books';
import {
  chatMessageParamsSchema,
  chatReportParamsSchema,
  chatRoomParamsSchema,
} from '../../contract/chat-moderation';
import { cartLineParamsSchema, cartLineSchema } from '../../contract/carts';
import {
  certificateParamsSchema,
  courseParamsSchema,
  lessonParamsSchema,
  reviewParamsSchema,
} from '../../contract/courses';
import { adminCourseParamsSchema } from '../../contract/courses';
import { apiErrorSchema } from '../../contract/errors';
import { paymentIntentResponseSchema } from '../../contract/payments';
import { imageParamsSchema } from '../../contract/images';
import { checkoutParamsSchema, orderParamsSchema } from '../../contract/orders';
import { emailParamsSchema } from '../../contract/users';
import { buildApp } from '../../server/app';
import {
  ACCESS_POLICIES,
  ACCESS_POLICY_KINDS,
  type AccessPolicy,
  routeKeyParts,
  type ListedRoute,
} from '../../server/auth/access-policy';
import { createAccessTokens } from '../../server/auth/access-token';
import { createFirebaseIdentityProvider } from '../../server/auth/firebase';
import { createBook } from '../../server/db/repositories/books';
import { insertCourse } from '../../server/db/repositories/course-builder';
import { insertChatMessage } from '../../server/db/repositories/chat-messages';
import { fileChatReport } from '../../server/db/repositories/chat-moderation';
import { insertImage } from '../../server/db/repositories/images';
import { ownsCourse } from '../../server/db/repositories/owned-courses';
import { findUserByEmail } from '../../server/db/repositories/users';
import { registerAuth } from '../../server/plugins/auth';
import { bearer, buildAccountsApp, freshIp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { insertTestCourse, TEST_QUIZ, type TestCourse } from './helpers/courses';
import { uniqueEmail } from './helpers/firebase-emulator';
import { multipartBody, TINY_PNG } from './helpers/multipart';
import {
  askForIntent,
  buyCourses,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  TEST_WEBHOOK_SECRET,
} from './helpers/payments';

type Who = 'visitor' | 'owner' | 'other' | 'admin';
type Outcome = 'ok' | 401 | 403 | 404;

/** What each kind of caller gets from a route with each policy. */
const EXPECTED: Record<AccessPolicy, Record<Who, Outcome>> = {
  anyone: { visitor: 'ok', owner: 'ok', other: 'ok', admin: 'ok' },
  // The samples name what anyone may see: a listed course, a preview lesson.
  'optional-sign-in': { visitor: 'ok', owner: 'ok', other: 'ok', admin: 'ok' },
  'signed-in': { visitor: 401, owner: 'ok', other: 'ok', admin: 'ok' },
  self: { visitor: 401, owner: 'ok', other: 403, admin: 403 },
  'self-or-admin': { visitor: 401, owner: 'ok', other: 403, admin: 'ok' },
  admin: { visitor: 401, owner: 403, other: 403, admin: 'ok' },
  'firebase-self': { visitor: 401, owner: 'ok', other: 403, admin: 403 },
  // Someone else's line is answered as a line that does not exist.
  'cart-line-owner': { visitor: 401, owner: 'ok', other: 404, admin: 404 },
  'order-owner': { visitor: 401, owner: 'ok', other: 404, admin: 404 },
  'payment-owner-or-admin': { visitor: 401, owner: 'ok', other: 404, admin: 'ok' },
  // A course on sale that the caller has not bought: "Buy the course", admins too.
  'course-owner': { visitor: 401, owner: 'ok', other: 403, admin: 403 },
  // No user credentials at all: the signature decides (every sample here is signed).
  'stripe-signature': { visitor: 'ok', owner: 'ok', other: 'ok', admin: 'ok' },
};

const ERROR_CODES = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' } as const;

/** Callers in this order: the admin last, as its call may delete or promote the owner. */
const CALLERS: readonly Who[] = ['visitor', 'other', 'owner', 'admin'];

type Sample = {
  /** Statuses that count as success. */
  ok: readonly number[];
  /**
   * A valid request for the route, made before each caller's (so the owner's DELETE leaves a
   * line for the admin's call to be refused on); `owner` is the user the path or body names.
   */
  request: (owner: SignedIn) => Promise<InjectOptions>;
};

const at = (email: string) => encodeURIComponent(email);

/** A book of the seeded catalogue. */
async function anyBookId(): Promise<string> {
  // The one with the most copies: every role's request adds one to a cart.
  const [book] = await t.db.query<{ id: string }>(
    'select id from books where removed_at is null order by stock desc, id limit 1',
  );
  if (!book) throw new Error('the catalogue is empty');
  return book.id;
}

/** A line in `owner`'s cart (the one of the same book, if there is one already). */
async function cartLineOf(owner: SignedIn): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: bearer(owner.accessToken),
    payload: { bookId: await anyBookId() },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return cartLineSchema.parse(res.json())._id;
}

/** A book of its own (a DELETE takes it out of the catalogue). */
async function freshBookId(): Promise<string> {
  const created = await createBook(t.db, {
    name: `Matrix book ${randomUUID()}`,
    author: 'A. Uthor',
    description: '',
    priceCents: 999,
    image: '/api/images/x',
    category: 'story',
    stock: 10,
  });
  if (!created) throw new Error('no book');
  return created.id;
}

/** One of `owner`'s checkouts (its PaymentIntent id): their book cart, asked to be paid. */
async function checkoutOf(owner: SignedIn): Promise<string> {
  await cartLineOf(owner);
  const res = await askForIntent(t.app, owner, { source: 'books' });
  expect(res.statusCode, res.body).toBe(200);
  return intentIdOf(paymentIntentResponseSchema.parse(res.json()).clientSecret);
}

/** One of `owner`'s paid checkouts (its PaymentIntent id): their book cart, paid by the webhook. */
async function paidCheckoutOf(owner: SignedIn): Promise<string> {
  const id = await checkoutOf(owner);
  const intent = gateway.intents.get(id);
  if (!intent) throw new Error('the gateway did not create that intent');
  const paid = await deliverWebhook(
    t.app,
    paymentIntentEvent('payment_intent.succeeded', { id, amount: intent.amountCents }),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

/** A stored image's id. */
async function storedImage(): Promise<string> {
  const sha256 = createHash('sha256').update(TINY_PNG).digest('base64url');
  return insertImage(t.db, { contentType: 'image/png', bytes: TINY_PNG, sha256 });
}

/** Courses to buy in turn: a course is bought once, and an owner may need several orders. */
const COURSE_IDS = ['c-01', 'c-02', 'c-03', 'c-04', 'c-05', 'c-06'];
let coursesBought = 0;

/** One of `owner`'s orders: a course bought through the intent and a signed webhook. */
async function orderOf(owner: SignedIn): Promise<string> {
  const courseId = COURSE_IDS[coursesBought++ % COURSE_IDS.length] ?? 'c-01';
  const paymentIntentId = await buyCourses(t.app, gateway, owner, [{ _id: courseId, quantity: 1 }]);
  const [order] = await t.db.query<{ id: string }>(
    'select id from orders where payment_intent_id = $1',
    [paymentIntentId],
  );
  if (!order) throw new Error('the payment made no order');
  return order.id;
}

/** A course draft of its own (a DELETE removes it). */
async function freshCourseId(): Promise<string> {
  const id = `matrix-${randomUUID().slice(0, 8)}`;
  const added = await insertCourse(t.db, id, {
    name: `Matrix course ${id}`,
    priceCents: 1999,
    image: '',
    summary: '',
    description: '',
    outcomes: [],
  });
  if (!added) throw new Error('no course');
  return id;
}

/** A chat message of `owner`'s (reports and context name one). */
async function chatMessageOf(owner: SignedIn): Promise<string> {
  const user = await findUserByEmail(t.db, owner.email);
  if (!user) throw new Error('no such user');
  const { message } = await insertChatMessage(t.db, {
    room: 'JavaScript',
    userId: user.id,
    name: 'Owner',
    msg: 'a message to report',
    clientId: undefined,
  });
  return message._id;
}

/** An open report of one of `owner`'s messages, filed by `owner`. */
async function chatReportOf(owner: SignedIn): Promise<string> {
  const user = await findUserByEmail(t.db, owner.email);
  if (!user) throw new Error('no such user');
  const filed = await fileChatReport(t.db, {
    messageId: await chatMessageOf(owner),
    reporterId: user.id,
    reason: 'Spam',
  });
  if (!filed) throw new Error('no report');
  return filed.id;
}

/** The matrix's own course (bought by each owner that needs it), made in beforeAll. */
let course: TestCourse;

/** The matrix course, bought by `owner` (once) with its preview lesson completed. */
async function ownedCourseOf(owner: SignedIn): Promise<string> {
  if (!(await ownsCourse(t.db, owner.email, course.id))) {
    await buyCourses(t.app, gateway, owner, [{ _id: course.id, quantity: 1 }]);
  }
  await t.db.query(
    `insert into lesson_progress (user_email, course_id, lesson_id) values ($1, $2, $3)
     on conflict do nothing`,
    [owner.email, course.id, course.lessons.preview],
  );
  return course.id;
}

/** A certificate of `owner`'s in the matrix course (public by its id: a neutral name). */
async function certificateOf(owner: SignedIn): Promise<string> {
  await t.db.query(
    `insert into certificates (id, user_email, course_id, learner_name, course_name)
     values ($1, $2, $3, 'A. Learner', $4) on conflict do nothing`,
    [randomUUID().replace(/-/g, '').slice(0, 22), owner.email, course.id, course.name],
  );
  const [row] = await t.db.query<{ id: string }>(
    'select id from certificates where user_email = $1 and course_id = $2',
    [owner.email, course.id],
  );
  if (!row) throw new Error('no certificate');
  return row.id;
}

/** `owner`'s review of the matrix course. */
async function reviewOf(owner: SignedIn): Promise<string> {
  const [row] = await t.db.query<{ id: string }>(
    `insert into course_reviews (user_email, course_id, rating, body) values ($1, $2, 4, 'Good')
     on conflict (user_email, course_id) do update set rating = 4 returning id`,
    [owner.email, course.id],
  );
  if (!row) throw new Error('no review');
  return row.id;
}

/**
 * What a path names, by the route's params schema: one entry per kind of resource, made for (and
 * owned by) `owner`. A new route over a resource listed here needs nothing in this file.
 */
const RESOURCES = new Map<unknown, (owner: SignedIn) => Promise<Record<string, string>>>([
  [emailParamsSchema, async (owner) => ({ email: owner.email })],
  [cartLineParamsSchema, async (owner) => ({ id: await cartLineOf(owner) })],
  [orderParamsSchema, async (owner) => ({ id: await orderOf(owner) })],
  [imageParamsSchema, async () => ({ id: await storedImage() })],
  [bookParamsSchema, async () => ({ id: await freshBookId() })],
  [checkoutParamsSchema, async (owner) => ({ id: await checkoutOf(owner) })],
  [adminOrderParamsSchema, async (owner) => ({ id: await paidCheckoutOf(owner) })],
  [chatMessageParamsSchema, async (owner) => ({ id: await chatMessageOf(owner) })],
  [chatReportParamsSchema, async (owner) => ({ id: await chatReportOf(owner) })],
  [chatRoomParamsSchema, async () => ({ room: 'JavaScript' })],
  [courseParamsSchema, async (owner) => ({ id: await ownedCourseOf(owner) })],
  [
    lessonParamsSchema,
    async (owner) => ({ id: await ownedCourseOf(owner), lessonId: course.lessons.preview }),
  ],
  [certificateParamsSchema, async (owner) => ({ id: await certificateOf(owner) })],
  [reviewParamsSchema, async (owner) => ({ id: await reviewOf(owner) })],
  [adminCourseParamsSchema, async () => ({ id: await freshCourseId() })],
]);

/** The first example a schema carries (`.meta({ examples })`, shown in the OpenAPI document). */
function exampleOf(schema: z.ZodType): unknown {
  const examples: unknown = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) ? examples[0] : undefined;
}

/**
 * A route's sample, from its entry in the table: the path's resource made by RESOURCES, the body
 * and query from their schemas' examples, success being the entry's 2xx answers. An `email` in
 * the body is the owner's (the routes that take one act on the caller's own address).
 */
function derivedSample(route: ListedRoute): Sample {
  const spec: ApiRouteSpec = API_ROUTES[route];
  const { method, path } = routeKeyParts(route);
  const resource: ((owner: SignedIn) => Promise<Record<string, string>>) | undefined = spec.params
    ? RESOURCES.get(spec.params)
    : async () => ({});
  if (!resource) {
    throw new Error(`${route}: add its params schema to RESOURCES (or a sample to OVERRIDES)`);
  }
  const body = spec.body ? exampleOf(spec.body) : undefined;
  if (spec.body && body === undefined) {
    throw new Error(`${route}: give its body schema an example (.meta({ examples: [...] }))`);
  }
  const query = spec.query ? exampleOf(spec.query) : undefined;
  const ok = Object.keys(spec.response ?? { 200: null })
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return {
    ok,
    request: async (owner) => {
      const params = await resource(owner);
      const url = path.replace(/:(\w+)/g, (_, name: string) => at(params[name] ?? ''));
      const payload =
        body && typeof body === 'object' && 'email' in body
          ? { ...body, email: owner.email }
          : body;
      return {
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
        ...(query === undefined ? {} : { query: query as Record<string, string> }),
      };
    },
  };
}

/** The routes whose valid request the table cannot describe (bytes, a signature, a wildcard). */
const OVERRIDES: Partial<Record<ListedRoute, Sample>> = {
  'GET /api/docs/static/*': {
    ok: [200],
    request: async () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
  },
  // Swagger UI sends it to the page itself.
  'GET /api/docs/static/index.html': {
    ok: [302],
    request: async () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
  },
  // The book must exist: its id is the database's.
  'POST /api/cart': {
    ok: [200, 201],
    request: async () => ({
      method: 'POST',
      url: '/api/cart',
      payload: { bookId: await anyBookId(), quantity: 1 },
    }),
  },
  'POST /api/payments/webhook': {
    ok: [200],
    request: async () => {
      const event = paymentIntentEvent('payment_intent.succeeded', {
        id: 'pi_unknown_to_the_shop',
        amount: 5000,
      });
      const payload = JSON.stringify(event);
      return {
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: TEST_WEBHOOK_SECRET,
          }),
        },
        payload,
      };
    },
  },
  // The owner has an order, so that a leak of it would show.
  'GET /api/booking/email/:email': {
    ok: [200],
    request: async (owner) => {
      await orderOf(owner);
      return { method: 'GET', url: `/api/booking/email/${at(owner.email)}` };
    },
  },
  // A quiz (the lesson params' sample is a reading lesson, which anyone may open).
  'POST /api/courses/:id/lessons/:lessonId/attempts': {
    ok: [200],
    request: async (owner) => ({
      method: 'POST',
      url: `/api/courses/${await ownedCourseOf(owner)}/lessons/${course.lessons.quiz}/attempts`,
      payload: { answers: TEST_QUIZ.right },
    }),
  },
  'POST /api/chat/rooms/:room/drawings': {
    ok: [201],
    request: async () => ({
      method: 'POST',
      url: '/api/chat/rooms/TypeScript/drawings',
      ...(await multipartBody([{ field: 'image', bytes: TINY_PNG, filename: 'drawing.png' }])),
    }),
  },
  'POST /api/images': {
    ok: [200],
    request: async () => ({
      method: 'POST',
      url: '/api/images',
      ...(await multipartBody([{ field: 'image', bytes: TINY_PNG, filename: 'a.png' }])),
    }),
  },
};

const sampleFor = (route: ListedRoute): Sample => OVERRIDES[route] ?? derivedSample(route);

/** Routes of a `printRoutes({ commonPrefix: false })` tree, as `METHOD /path` (HEAD left out). */
function routesFromTree(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4));
    if (!match?.[1]) continue;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + match[1];
    stack.length = depth;
    stack.push(path);
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

// One app (and database) for the file.
const adminEmail = uniqueEmail('matrix-admin');
let t: TestApp;
const gateway = createTestGateway();
beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true, paymentGateway: gateway });
  course = await insertTestCourse(t.db, { id: 'matrix-course' });
});
afterAll(async () => {
  await t.close();
});

describe('authorization matrix (driven by ACCESS_POLICIES)', () => {
  let admin: SignedIn;
  let other: SignedIn;
  const markers = new Map<string, string>();

  /** A user whose profile carries a marker no other user's response may contain. */
  async function user(label: string): Promise<SignedIn> {
    const account = await signIn(t.app, label);
    const marker = `secret-${randomUUID()}`;
    markers.set(account.email, marker);
    await t.db.query(
      'update users set name = $2, education = $2, address = $2, phone_number = $3 where email = $1',
      [account.email, marker, '5550001'],
    );
    return account;
  }

  beforeAll(async () => {
    admin = await signIn(t.app, adminEmail);
    other = await user('matrix-other');
  });

  it('covers every policy kind the server knows', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACCESS_POLICY_KINDS].sort());
  });

  it.each(Object.entries(ACCESS_POLICIES) as [ListedRoute, AccessPolicy][])(
    '%s (%s)',
    async (route, policy) => {
      const sample = sampleFor(route);
      const owner = await user('matrix-owner');
      const usesIdToken = policy === 'firebase-self';
      const credentials: Record<Who, string | undefined> = {
        visitor: undefined,
        owner: usesIdToken ? owner.idToken : owner.accessToken,
        other: usesIdToken ? other.idToken : other.accessToken,
        admin: usesIdToken ? admin.idToken : admin.accessToken,
      };

      for (const who of CALLERS) {
        const token = credentials[who];
        const request = await sample.request(owner);
        const res = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...(token ? bearer(token) : {}) },
          remoteAddress: freshIp(),
        });
        const expected = EXPECTED[policy][who];
        const label = `${who} → ${route}: ${res.body}`;
        if (expected === 'ok') {
          expect(sample.ok, label).toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(expected);
          expect(apiErrorSchema.parse(res.json()).error.code, label).toBe(ERROR_CODES[expected]);
        }

        // Nobody but the owner (and an admin) sees the owner's data, and the owner sees no one
        // else's.
        if (who === 'visitor' || who === 'other') {
          expect(res.body, label).not.toContain(owner.email);
          expect(res.body, label).not.toContain(markers.get(owner.email));
        }
        if (who === 'owner') {
          expect(res.body, label).not.toContain(other.email);
          expect(res.body, label).not.toContain(markers.get(other.email));
          expect(res.body, label).not.toContain(admin.email);
        }
      }
    },
  );

  it('lists exactly the /api routes the app registered', async () => {
    await t.app.ready();
    const listed = Object.keys(ACCESS_POLICIES);
    const registered = routesFromTree(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api'))
      // find-my-way prints a wildcard where its static prefix forks off ("GET /api/docs/static/*"
      // as "GET /api/docs/*"): the listed wildcard route under that prefix.
      .map((route) =>
        route.endsWith('/*') && !listed.includes(route)
          ? (listed.find((key) => key.endsWith('/*') && key.startsWith(route.slice(0, -1))) ??
            route)
          : route,
      );
    expect(registered.length).toBeGreaterThan(0);
    expect([...registered].sort()).toEqual([...listed].sort());
    for (const key of Object.keys(ACCESS_POLICIES) as ListedRoute[]) {
      const { method, path: url } = routeKeyParts(key);
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('applies a GET route’s policy to its HEAD route', async () => {
    const owner = await user('matrix-head');
    const url = `/api/userprofile/${at(owner.email)}`;
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(401);
    const head = await t.app.inject({ method: 'HEAD', url, headers: bearer(other.accessToken) });
    expect(head.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'HEAD', url, headers: bearer(owner.accessToken) });
    expect(own.statusCode).toBe(200);
  });

  it('answers 400 for a malformed address in any path, after authentication', async () => {
    const withEmail = Object.entries(ACCESS_POLICIES).filter(([key]) => key.includes(':email'));
    expect(withEmail.length).toBeGreaterThan(0);
    for (const [key, policy] of withEmail) {
      const { method, path } = routeKeyParts(key as ListedRoute);
      const url = path.replace(':email', 'not-an-email');
      const token = policy === 'firebase-self' ? admin.idToken : admin.accessToken;
      const payload = method === 'PUT' ? { email: 'not-an-email' } : undefined;
      const asVisitor = await t.app.inject({
        method,
        url,
        payload,
        remoteAddress: freshIp(),
      });
      expect(asVisitor.statusCode, key).toBe(401);
      const signedIn = await t.app.inject({
        method,
        url,
        payload,
        headers: bearer(token),
        remoteAddress: freshIp(),
      });
      expect(signedIn.statusCode, key).toBe(400);
      expect(apiErrorSchema.parse(signedIn.json()).error.message, key).toContain(
        'email: Invalid email address',
      );
    }
  });
});

describe('the access-policy table fails closed', () => {
  /** Another app over the same database: cheap, and it may be broken by the test. */
  async function freshApp() {
    return buildApp({ config: t.config, db: t.db });
  }

  it('refuses an /api route that has no entry', async () => {
    const app = await freshApp();
    try {
      expect(() => app.get('/api/unlisted', async () => 'open')).toThrow(
        'No access policy for GET /api/unlisted: add it to contract/api-routes.ts',
      );
      // A listed path with an unlisted method is refused too.
      expect(() => app.post('/api/allusers', async () => 'open')).toThrow(/No access policy/);
      // Routes outside /api are not the table's business.
      expect(() => app.get('/not-api', async () => 'fine')).not.toThrow();
    } finally {
      await app.close();
    }
  });

  it('refuses it when registered by a plugin under the /api prefix, failing start-up', async () => {
    const app = await freshApp();
    await expect(
      app.register(
        async (api) => {
          api.delete('/books/:id/cover', async () => 'open');
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow('No access policy for DELETE /api/books/:id/cover');
    await app.close().catch(() => undefined);
  });

  it('refuses a path-email policy without a params schema to normalise the address', async () => {
    const app = Fastify();
    registerAuth(app, {
      identity: createFirebaseIdentityProvider(t.config),
      accessTokens: createAccessTokens(t.config.ACCESS_TOKEN_SECRET),
    });
    expect(() => app.get('/api/admin/:email', async () => true)).toThrow(
      /needs an :email param with a params schema/,
    );
    expect(() =>
      app.get('/api/admin/:email', { schema: { params: emailParamsSchema } }, async () => true),
    ).not.toThrow();
    await app.close();
  });

  it('refuses an owner policy without an :id param and a params schema', async () => {
    const app = Fastify();
    registerAuth(app, {
      identity: createFirebaseIdentityProvider(t.config),
      accessTokens: createAccessTokens(t.config.ACCESS_TOKEN_SECRET),
    });
    expect(() => app.delete('/api/carts/delete/:id', async () => true)).toThrow(
      /'cart-line-owner' policy, which needs an :id param with a params schema/,
    );
    expect(() =>
      app.delete(
        '/api/carts/delete/:id',
        { schema: { params: cartLineParamsSchema } },
        async () => true,
      ),
    ).not.toThrow();
    await app.close();
  });
});
