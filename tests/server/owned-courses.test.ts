// Both databases: a course bought in two carts at once keeps its first date.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadyOwnedMessage } from '../../contract/checkout-rules';
import { ownedCourseListSchema, type OwnedCourse } from '../../contract/courses';
import { orderListSchema } from '../../contract/orders';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import {
  askForIntent,
  buyCourses,
  createTestGateway,
  deliverWebhook,
  intentIdOf,
  paymentIntentEvent,
  type TestGateway,
} from './helpers/payments';
import { expectError } from './helpers/api-error';

describe('owned courses (My Courses, "You already own")', () => {
  let t: TestApp;
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [], paymentGateway: gateway });
  });
  afterAll(async () => {
    await t.close();
  });

  const owned = (caller: SignedIn | undefined) =>
    t.app.inject({
      method: 'GET',
      url: '/api/courses/owned',
      headers: caller ? bearer(caller.accessToken) : {},
    });
  async function ownedOk(caller: SignedIn): Promise<OwnedCourse[]> {
    const res = await owned(caller);
    expect(res.statusCode, res.body).toBe(200);
    return ownedCourseListSchema.parse(res.json());
  }

  it('lists a bought course once, with its name, image and when it was bought; only to its buyer', async () => {
    const buyer = await signIn(t.app, 'owned-buyer');
    const neighbour = await signIn(t.app, 'owned-neighbour');
    expect(await ownedOk(buyer)).toEqual([]);

    const before = Date.now();
    await buyCourses(t.app, gateway, buyer, [
      { _id: 'c-01', quantity: 1 },
      { _id: 'c-04', quantity: 1 },
    ]);
    const after = Date.now();

    const list = await ownedOk(buyer);
    expect(list.map(({ courseId, name, image }) => ({ courseId, name, image }))).toEqual([
      {
        courseId: 'c-01',
        name: 'Modern JavaScript from Zero',
        image: '/images/courses/modern-javascript.svg',
      },
      {
        courseId: 'c-04',
        name: 'Node.js Backend Essentials',
        image: '/images/courses/nodejs-backend-essentials.svg',
      },
    ]);
    for (const course of list) {
      const boughtAt = Date.parse(course.boughtAt);
      expect(boughtAt).toBeGreaterThanOrEqual(before - 1000);
      expect(boughtAt).toBeLessThanOrEqual(after + 1000);
    }
    // Nothing opened or completed yet (the lessons are the seed's, whatever they are).
    for (const course of list) {
      expect(course).toMatchObject({ percent: 0, certificateId: null });
      const [first] = await t.db.query<{ id: string }>(
        `select l.id from course_lessons l join course_sections s on s.id = l.section_id
         where l.course_id = $1 order by s.position, l.position limit 1`,
        [course.courseId],
      );
      // Continue opens the first lesson (none: a course without lessons).
      expect(course.continueLessonId).toBe(first?.id ?? null);
    }
    expect((await owned(buyer)).headers['cache-control']).toBe('no-store');

    expect(await ownedOk(neighbour)).toEqual([]);
    expect((await owned(neighbour)).body).not.toContain('c-01');
  });

  it('answers 401 to a visitor', async () => {
    expectError(await owned(undefined), 401);
  });

  it('refuses a second intent for an owned course, alone or with others, with 400', async () => {
    const buyer = await signIn(t.app, 'owned-twice');
    await buyCourses(t.app, gateway, buyer, [{ _id: 'c-02', quantity: 1 }]);
    const intents = gateway.calls.length;

    expectError(
      await askForIntent(t.app, buyer, {
        source: 'courses',
        items: [{ _id: 'c-02', quantity: 1 }],
      }),
      400,
      alreadyOwnedMessage('TypeScript in Depth'),
    );
    expectError(
      await askForIntent(t.app, buyer, {
        source: 'courses',
        items: [
          { _id: 'c-03', quantity: 1 },
          { _id: 'c-02', quantity: 1 },
        ],
      }),
      400,
      'You already own TypeScript in Depth',
    );
    // Stripe was never asked.
    expect(gateway.calls.length).toBe(intents);

    // Other courses, and the same course for someone else, still sell.
    const res = await askForIntent(t.app, buyer, {
      source: 'courses',
      items: [{ _id: 'c-03', quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const neighbour = await signIn(t.app, 'owned-twice-neighbour');
    await buyCourses(t.app, gateway, neighbour, [{ _id: 'c-02', quantity: 1 }]);
  });

  it('does not count a payment that has not succeeded, or failed', async () => {
    const buyer = await signIn(t.app, 'owned-unpaid');
    const pending = await askForIntent(t.app, buyer, {
      source: 'courses',
      items: [{ _id: 'c-05', quantity: 1 }],
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const failed = await askForIntent(t.app, buyer, {
      source: 'courses',
      items: [{ _id: 'c-06', quantity: 1 }],
    });
    const intent = gateway.intents.get(
      intentIdOf((failed.json() as { clientSecret: string }).clientSecret),
    );
    if (!intent) throw new Error('no intent');
    const hook = await deliverWebhook(
      t.app,
      paymentIntentEvent('payment_intent.payment_failed', {
        id: intent.id,
        amount: intent.amountCents,
      }),
    );
    expect(hook.statusCode, hook.body).toBe(200);

    expect(await ownedOk(buyer)).toEqual([]);
    // The same carts may still be paid.
    await buyCourses(t.app, gateway, buyer, [{ _id: 'c-05', quantity: 1 }]);
    expect((await ownedOk(buyer)).map((course) => course.courseId)).toEqual(['c-05']);
  });

  it('keeps the earliest purchase date of a course bought in two carts at once', async () => {
    const buyer = await signIn(t.app, 'owned-race');
    // Two open intents for different carts holding the same course, both paid.
    const first = await askForIntent(t.app, buyer, {
      source: 'courses',
      items: [{ _id: 'c-07', quantity: 1 }],
    });
    const second = await askForIntent(t.app, buyer, {
      source: 'courses',
      items: [
        { _id: 'c-07', quantity: 1 },
        { _id: 'c-08', quantity: 1 },
      ],
    });
    for (const res of [first, second]) {
      expect(res.statusCode, res.body).toBe(200);
      const intent = gateway.intents.get(
        intentIdOf((res.json() as { clientSecret: string }).clientSecret),
      );
      if (!intent) throw new Error('no intent');
      const paid = await deliverWebhook(
        t.app,
        paymentIntentEvent('payment_intent.succeeded', {
          id: intent.id,
          amount: intent.amountCents,
        }),
      );
      expect(paid.statusCode, paid.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const list = await ownedOk(buyer);
    expect(list.map((course) => course.courseId).sort()).toEqual(['c-07', 'c-08']);
    const java = list.find((course) => course.courseId === 'c-07');
    const csharp = list.find((course) => course.courseId === 'c-08');
    expect(Date.parse(java?.boughtAt ?? '')).toBeLessThan(Date.parse(csharp?.boughtAt ?? ''));
    // Newest first.
    expect(list.map((course) => course.courseId)).toEqual(['c-08', 'c-07']);
  });

  it('keeps a course owned when its order is deleted in My Orders', async () => {
    const buyer = await signIn(t.app, 'owned-deleter');
    await buyCourses(t.app, gateway, buyer, [{ _id: 'c-09', quantity: 1 }]);
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/booking/email/${encodeURIComponent(buyer.email)}`,
      headers: bearer(buyer.accessToken),
    });
    const [order] = orderListSchema.parse(orders.json());
    if (!order) throw new Error('no order');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/booking/dlt/${encodeURIComponent(order._id)}`,
      headers: bearer(buyer.accessToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect((await ownedOk(buyer)).map((course) => course.courseId)).toEqual(['c-09']);
    expectError(
      await askForIntent(t.app, buyer, {
        source: 'courses',
        items: [{ _id: 'c-09', quantity: 1 }],
      }),
      400,
      alreadyOwnedMessage('SQL for Data and Apps'),
    );
  });
});
