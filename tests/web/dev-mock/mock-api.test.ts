import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, type ApiRouteSpec } from '@contract/api-routes';
import {
  ACCESS_POLICIES,
  ACCESS_TOKEN_POLICIES,
  API_DESCRIPTION_ROUTES,
  type AccessPolicy,
  type ListedRoute,
} from '@contract/access-policy';
import { CHECKOUT_MESSAGES } from '@contract/checkout-rules';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { AUTH_MESSAGES, USER_MESSAGES } from '@contract/users';
import { db } from '@/testing/mocks/db';
import { apiPath, handlers } from '@/testing/mocks/handlers';
import { fakeIdToken, makeAccessToken } from '@/testing/mocks/tokens';

// The msw fakes answer as the server does: who may call a route comes from the contract's
// access-policy table, input is checked with the contract's schemas, errors keep their shape.

type Call = { token?: string; body?: unknown; query?: string };

async function call(method: string, path: string, { token, body, query = '' }: Call = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(apiPath(path) + query, window.location.href), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as unknown };
}

const tokenOf = (email: string) =>
  makeAccessToken({ email, role: email.startsWith('admin') ? 'admin' : 'user' });
const admin = tokenOf('admin@learntogether.test');
const student = tokenOf('student@learntogether.test');
const error = (code: string, message: string) => ({ error: { code, message } });

/**
 * A request path for a route of the table, its `:email` filled in, and an `:id` its params schema
 * takes (params are validated before the role is checked, as on the server).
 */
const pathOf = (route: ListedRoute, email = 'student@learntogether.test') => {
  const path = route.slice(route.indexOf(' /api') + ' /api'.length).replace(':email', email);
  if (path.startsWith('/admin/course-reviews/'))
    return path.replace(':id', '00000000-0000-4000-8000-000000000000');
  return path.startsWith('/admin/courses/') ? path.replace(':id', 'c-01') : path;
};

const routes = Object.entries(ACCESS_POLICIES) as [ListedRoute, string][];
// Stripe's webhook is server-only: the browser never calls it (tests play it with settlePayment);
// nor does the web app call the API's description of itself.
const served = routes.filter(
  ([route, policy]) =>
    route !== 'GET /api/health' &&
    policy !== 'stripe-signature' &&
    !API_DESCRIPTION_ROUTES.has(route),
);

describe('the msw fakes authorize by the contract table', () => {
  it('serve every route of the table but the health check', () => {
    const headers = handlers.map((handler) => handler.info.header);
    for (const [route] of served) {
      const [method, path] = route.split(' ');
      expect(headers).toContain(`${method} ${apiPath(path!.slice('/api'.length))}`);
    }
  });

  it.each(served.filter(([, policy]) => ACCESS_TOKEN_POLICIES.has(policy as AccessPolicy)))(
    '%s (%s) needs an access token: 401 without one',
    async (route) => {
      const method = route.split(' ')[0]!;
      const result = await call(method, pathOf(route));
      expect(result).toEqual({
        status: 401,
        json: error('unauthorized', AUTH_MESSAGES.missingAccessToken),
      });
    },
  );

  // Bodies are validated before the role is checked (as on the server): send a valid one.
  // Each body schema's first example (the one the OpenAPI document shows) is a valid one.
  const validBody = (route: ListedRoute): unknown => {
    const spec: ApiRouteSpec = API_ROUTES[route];
    const examples: unknown = spec.body && z.globalRegistry.get(spec.body)?.examples;
    return Array.isArray(examples) ? examples[0] : undefined;
  };

  it.each(served.filter(([, policy]) => policy === 'admin'))(
    '%s is for admins: 403 for a student',
    async (route) => {
      const method = route.split(' ')[0]!;
      const result = await call(method, pathOf(route, 'reader@learntogether.test'), {
        token: student,
        body: validBody(route),
      });
      expect(result).toEqual({ status: 403, json: error('forbidden', AUTH_MESSAGES.adminsOnly) });
    },
  );

  it("answers 403 for another user's profile, but lets an admin read it", async () => {
    const other = await call('GET', '/userprofile/reader@learntogether.test', { token: student });
    expect(other).toEqual({ status: 403, json: error('forbidden', AUTH_MESSAGES.notYourAccount) });
    const asAdmin = await call('GET', '/userprofile/reader@learntogether.test', { token: admin });
    expect(asAdmin.status).toBe(200);
  });

  it("an order is its owner's: another user's is a 404 and stays; their list is a 403", async () => {
    db.orders.push({
      _id: 'o-reader',
      name: 'Dune',
      quantity: 1,
      price: 15,
      email: 'reader@learntogether.test',
      paymentId: 'pi_test',
      shipping: {
        firstName: 'Rea',
        lastName: 'Der',
        email: 'reader@learntogether.test',
        country: 'Mexico',
        address: '1 Calle',
        city: 'Puebla',
        state: 'Puebla',
        postalCode: '72000',
      },
      createdAt: 1,
    });
    for (const token of [student, admin]) {
      expect(await call('DELETE', '/booking/dlt/o-reader', { token })).toEqual({
        status: 404,
        json: error('not_found', CHECKOUT_MESSAGES.orderNotFound),
      });
    }
    expect(db.orders.map((order) => order._id)).toEqual(['o-reader']);
    const theirs = await call('GET', '/booking/email/reader@learntogether.test', {
      token: student,
    });
    expect(theirs).toEqual({ status: 403, json: error('forbidden', AUTH_MESSAGES.notYourAccount) });
    const asAdmin = await call('GET', '/booking/email/reader@learntogether.test', { token: admin });
    expect(asAdmin).toEqual({
      status: 200,
      json: [{ _id: 'o-reader', name: 'Dune', quantity: 1, price: 15, refunded: false }],
    });
    const deleted = await call('DELETE', '/booking/dlt/o-reader', {
      token: tokenOf('reader@learntogether.test'),
    });
    expect(deleted).toEqual({ status: 200, json: { acknowledged: true, deletedCount: 1 } });
    // Hidden from its customer; the shop keeps the record.
    expect(db.orders.map((order) => order.hidden)).toEqual([true]);
  });

  it('the payment intent is priced from the fake db, and an empty cart is a 400', async () => {
    const shipping = {
      firstName: 'Sam',
      lastName: 'Student',
      email: 'student@learntogether.test',
      country: 'Canada',
      address: '12 Maple Street',
      city: 'Toronto',
      state: 'Ontario',
      postalCode: 'M5V 2T6',
    };
    const empty = await call('POST', '/payments/intent', {
      token: student,
      body: { source: 'books', shipping },
    });
    expect(empty).toEqual({ status: 400, json: error('bad_request', CHECKOUT_MESSAGES.emptyCart) });
    // A course is bought once, and its checkout asks no address (D62).
    const twice = await call('POST', '/payments/intent', {
      token: student,
      body: { source: 'courses', items: [{ _id: 'c-python', quantity: 2 }] },
    });
    expect(twice).toEqual({ status: 400, json: error('bad_request', COURSE_MESSAGES.boughtOnce) });
    const courses = await call('POST', '/payments/intent', {
      token: student,
      body: { source: 'courses', items: [{ _id: 'c-python', quantity: 1 }] },
    });
    expect(courses).toEqual({
      status: 200,
      json: {
        clientSecret: expect.stringMatching(/_secret_/),
        amount: 39.5,
        leftOut: [],
        heldUntil: null,
      },
    });
    // The same cart again: the same pending intent.
    const again = await call('POST', '/payments/intent', {
      token: student,
      body: { source: 'courses', items: [{ _id: 'c-python', quantity: 1 }] },
    });
    expect(again).toEqual(courses);
    const unknown = await call('POST', '/payments/intent', {
      token: student,
      body: { source: 'courses', items: [{ _id: 'c-nope', quantity: 1 }] },
    });
    expect(unknown).toEqual({
      status: 400,
      json: error('bad_request', CHECKOUT_MESSAGES.unknownCourse),
    });
  });

  it('the token exchange needs an ID token for the path address', async () => {
    const body = { email: 'student@learntogether.test' };
    expect(await call('PUT', '/user/student@learntogether.test', { body })).toEqual({
      status: 401,
      json: error('unauthorized', AUTH_MESSAGES.missingIdToken),
    });
    const foreign = await call('PUT', '/user/student@learntogether.test', {
      body,
      token: fakeIdToken('reader@learntogether.test'),
    });
    expect(foreign).toEqual({
      status: 403,
      json: error('forbidden', USER_MESSAGES.tokenForAnotherAddress),
    });
  });

  it("a deleted account's token opens nothing for the account made later with its address", async () => {
    const email = 'reborn@learntogether.test';
    const exchange = async () => {
      const result = await call('PUT', `/user/${email}`, {
        body: { email },
        token: fakeIdToken(email),
      });
      return (result.json as { token: string }).token;
    };
    const before = await exchange();
    expect((await call('GET', `/admin/${email}`, { token: before })).status).toBe(200);
    expect((await call('DELETE', `/allusers/dlt/${email}`, { token: admin })).status).toBe(200);

    const after = await exchange();
    expect(await call('GET', `/admin/${email}`, { token: before })).toEqual({
      status: 401,
      json: error('unauthorized', AUTH_MESSAGES.invalidAccessToken),
    });
    expect(await call('GET', `/admin/${email}`, { token: after })).toEqual({
      status: 200,
      json: false,
    });
  });
});

describe('the msw fakes validate with the contract schemas', () => {
  it('word a 400 as the server does: `field: message`, joined by "; "', async () => {
    const result = await call('PUT', '/userupdate/student@learntogether.test', {
      token: student,
      body: {
        email: 'student@learntogether.test',
        name: 'Sam',
        education: '',
        social: 'not a url',
        phoneNumber: 'call me',
        address: '',
      },
    });
    expect(result).toEqual({
      status: 400,
      json: error(
        'bad_request',
        'social: Must be empty or an http(s) URL; phoneNumber: Must be empty or 4-20 digits, optionally starting with +',
      ),
    });
  });

  it('refuse unknown body fields and an invalid path address', async () => {
    const extra = await call('POST', '/newsletter', { body: { email: 'a@b.test', role: 'admin' } });
    expect(extra).toEqual({ status: 400, json: error('bad_request', 'Unrecognized key: "role"') });
    const badPath = await call('GET', '/admin/not-an-address', { token: student });
    expect(badPath).toEqual({
      status: 400,
      json: error('bad_request', 'email: Invalid email address'),
    });
  });

  it('check the book query: an unknown category is a 400, a page is sorted by name', async () => {
    const unknown = await call('GET', '/books', { query: '?category=poetry' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual(error('bad_request', expect.stringMatching(/^category: /)));
    const page = await call('GET', '/books', { query: '?limit=2&page=2' });
    expect(page.json).toEqual({
      books: [
        expect.objectContaining({ name: 'Eloquent JavaScript' }),
        expect.objectContaining({ name: 'Foundation' }),
      ],
      total: 6,
      page: 2,
      limit: 2,
    });
  });

  it('normalise the path address: an admin cannot delete themself, whatever the case', async () => {
    const result = await call('DELETE', '/allusers/dlt/ADMIN@learntogether.test', {
      token: admin,
    });
    expect(result).toEqual({
      status: 409,
      json: error('conflict', USER_MESSAGES.cannotDeleteSelf),
    });
  });
});
