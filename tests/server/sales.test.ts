import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundAcceptedSchema } from '../../contract/admin-orders';
import { centsToDollars, toCents } from '../../contract/money';
import { salesPeriodDays, salesReportSchema, type SalesReport } from '../../contract/sales';
import { createBook } from '../../server/db/repositories/books';
import courseJson from '../../public/course.json';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { expectError } from './helpers/api-error';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import {
  buyBooks,
  buyCourses,
  createTestGateway,
  deliverWebhook,
  type TestGateway,
} from './helpers/payments';

describe("the admin's Sales screen: GET /api/admin/sales", () => {
  const adminEmail = uniqueEmail('sales-admin');
  let t: TestApp;
  let gateway: TestGateway;
  let admin: SignedIn;
  /** $10, $4 and $25 a copy. */
  const book = { big: '', small: '', old: '' };
  // Two seeded courses (the seed is public/course.json), as the shop sells them.
  const [courseA, courseB] = courseJson.map((course) => ({
    id: course._id,
    name: course.name,
    priceCents: toCents(course.price),
  }));
  const now = new Date();
  const today = salesPeriodDays(1, now)[0] ?? '';
  /** The UTC day `n` days ago, at noon. */
  const daysAgo = (n: number) => {
    const day = salesPeriodDays(n + 1, now)[0] ?? '';
    return { day, at: `${day}T12:00:00Z` };
  };

  async function bookOf(name: string, priceCents: number): Promise<string> {
    const created = await createBook(t.db, {
      name,
      author: 'S. Ales',
      description: '',
      priceCents,
      image: '/api/images/x',
      category: 'story',
      stock: 1000,
    });
    if (!created) throw new Error('no book');
    return created.id;
  }

  const placedOn = (paymentIntentId: string, at: string) =>
    t.db.query('update payments set created_at = $2 where payment_intent_id = $1', [
      paymentIntentId,
      at,
    ]);

  const sales = (query: Record<string, string> = {}, caller: SignedIn | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/sales',
      query,
      headers: caller ? bearer(caller.accessToken) : {},
    });

  async function report(query: Record<string, string> = {}): Promise<SalesReport> {
    const res = await sales(query);
    expect(res.statusCode, res.body).toBe(200);
    return salesReportSchema.parse(res.json());
  }

  beforeAll(async () => {
    if (!courseA || !courseB) throw new Error('course.json needs two courses');
    gateway = createTestGateway();
    t = await buildAccountsApp({ adminEmails: [adminEmail], paymentGateway: gateway });
    admin = await signIn(t.app, adminEmail);
    book.big = await bookOf('Big seller', 1000);
    book.small = await bookOf('Small seller', 400);
    book.old = await bookOf('Old seller', 2500);

    // Today: 3 × big + 1 × small ($34), and 1 × big ($10) of which the shop refunds all.
    await buyBooks(t.app, gateway, await signIn(t.app, 'sales-1'), [
      { bookId: book.big, quantity: 3 },
      { bookId: book.small, quantity: 1 },
    ]);
    const refunded = await buyBooks(t.app, gateway, await signIn(t.app, 'sales-2'), [
      { bookId: book.big, quantity: 1 },
    ]);
    // Two days ago: 5 × small ($20) and a course.
    const second = await buyBooks(t.app, gateway, await signIn(t.app, 'sales-3'), [
      { bookId: book.small, quantity: 5 },
    ]);
    await placedOn(second.id, daysAgo(2).at);
    const course = await buyCourses(t.app, gateway, await signIn(t.app, 'sales-4'), [
      { _id: courseA.id, quantity: 1 },
    ]);
    await placedOn(course, daysAgo(2).at);
    // 40 days ago: outside the default 30, inside 90.
    const old = await buyBooks(t.app, gateway, await signIn(t.app, 'sales-5'), [
      { bookId: book.old, quantity: 9 },
    ]);
    await placedOn(old.id, daysAgo(40).at);
    const oldCourse = await buyCourses(t.app, gateway, await signIn(t.app, 'sales-6'), [
      { _id: courseB.id, quantity: 1 },
    ]);
    await placedOn(oldCourse, daysAgo(40).at);

    // The refund, asked and confirmed by Stripe's webhook.
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${refunded.id}/refunds`,
      headers: bearer(admin.accessToken),
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { refundId } = refundAcceptedSchema.parse(asked.json());
    const settled = await deliverWebhook(t.app, {
      id: `evt_sales_${refundId}`,
      object: 'event',
      type: 'refund.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: refundId, object: 'refund', status: 'succeeded' } },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    // Never paid: not a sale.
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer((await signIn(t.app, 'sales-7')).accessToken),
      payload: { bookId: book.big, quantity: 2 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds up the last 30 days: revenue per day, orders, refunds', async () => {
    const result = await report();
    const courseCents = courseA?.priceCents ?? 0;
    expect(result.days).toBe(30);
    expect(result.daily).toHaveLength(30);
    expect(result.to).toBe(today);
    expect(result.from).toBe(daysAgo(29).day);
    expect(result.daily.map((day) => day.date)).toEqual(salesPeriodDays(30, now));
    const byDay = new Map(result.daily.map((day) => [day.date, day]));
    // The refunded checkout still counts as revenue on its day; its refund is counted apart.
    expect(byDay.get(today)).toEqual({ date: today, orders: 2, revenue: 44 });
    expect(byDay.get(daysAgo(2).day)).toEqual({
      date: daysAgo(2).day,
      orders: 2,
      revenue: centsToDollars(2000 + courseCents),
    });
    expect(byDay.get(daysAgo(1).day)).toEqual({ date: daysAgo(1).day, orders: 0, revenue: 0 });
    expect(result.orders).toBe(4);
    expect(result.revenue).toBe(centsToDollars(6400 + courseCents));
    expect(result.refunds).toBe(1);
    expect(result.refunded).toBe(10);
  });

  it('ranks the best-selling books and courses by copies sold and not refunded', async () => {
    const result = await report();
    // Big: 4 sold, 1 refunded. Small: 6. The old book sold outside the period.
    expect(result.topBooks).toEqual([
      { id: book.small, name: 'Small seller', copies: 6, revenue: 24 },
      { id: book.big, name: 'Big seller', copies: 3, revenue: 30 },
    ]);
    expect(result.topCourses).toEqual([
      {
        id: courseA?.id,
        name: courseA?.name,
        copies: 1,
        revenue: (courseA?.priceCents ?? 0) / 100,
      },
    ]);
  });

  it('takes a longer period, and names a book as the catalogue does now', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/books/${book.old}`,
      headers: bearer(admin.accessToken),
      payload: { name: 'Old seller, second edition' },
    });
    const result = await report({ days: '90' });
    expect(result.daily).toHaveLength(90);
    expect(result.orders).toBe(6);
    expect(result.topBooks[0]).toEqual({
      id: book.old,
      name: 'Old seller, second edition',
      copies: 9,
      revenue: 225,
    });
    expect(result.topCourses.map((course) => course.id).sort()).toEqual(
      [courseA?.id, courseB?.id].sort(),
    );
    // Today alone.
    const todayOnly = await report({ days: '1' });
    expect(todayOnly.daily).toEqual([{ date: today, orders: 2, revenue: 44 }]);
    expect(todayOnly.topCourses).toEqual([]);
  });

  it('answers a bad period with a 400 naming the field', async () => {
    for (const days of ['0', '366', '2.5', 'week']) {
      expect(expectError(await sales({ days }), 400)).toMatch(/days/);
    }
  });

  it('is for admins only', async () => {
    expect((await sales({}, null)).statusCode).toBe(401);
    expect((await sales({}, await signIn(t.app, 'sales-shopper'))).statusCode).toBe(403);
  });

  it('lists every day of the period, a day with nothing sold as zero', async () => {
    const result = await report({ days: '7' });
    expect(result.daily.map((day) => day.date)).toEqual(salesPeriodDays(7, now));
    expect(result.daily.filter((day) => day.orders === 0 && day.revenue === 0)).toHaveLength(5);
  });
});
