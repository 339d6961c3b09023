import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITALS_MAX_BYTES, vitalsReportSchema, type VitalsReport } from '../../contract/vitals';
import { trimVitals } from '../../server/db/repositories/vitals';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import { expectError } from './helpers/api-error';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';

// Real users' Core Web Vitals (issue 18 §2): POST /api/vitals, one beacon per page view, by route
// pattern only; GET /api/admin/vitals, the p75 per route and metric.

const ADMIN = uniqueEmail('vitals-admin');

let t: TestApp;
let admin: SignedIn;

const beacon = (payload: unknown, app: TestApp['app'] = t.app) =>
  app.inject({ method: 'POST', url: '/api/vitals', payload: payload as object });

async function stored(): Promise<Record<string, unknown>[]> {
  return t.db.query(
    'select route, lcp, inp, cls, fcp, ttfb, connection from web_vitals order by id',
  );
}

async function report(days?: string, caller: SignedIn | null = admin) {
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/vitals',
    query: days === undefined ? {} : { days },
    headers: caller ? bearer(caller.accessToken) : {},
  });
}

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [ADMIN] });
  admin = await signIn(t.app, ADMIN);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/vitals', () => {
  it('stores a page view by its route pattern and answers 204 with nothing', async () => {
    await t.db.query('delete from web_vitals');
    const res = await beacon({
      route: '/book/:bookId',
      metrics: { LCP: 1830.4, INP: 72, CLS: 0.02, FCP: 910, TTFB: 120 },
      connection: '4g',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await stored()).toEqual([
      {
        route: '/book/:bookId',
        lcp: 1830.4,
        inp: 72,
        cls: 0.02,
        fcp: 910,
        ttfb: 120,
        connection: '4g',
      },
    ]);
  });

  it('refuses what is not a route pattern, an unknown metric, implausible values and extra fields, storing nothing', async () => {
    await t.db.query('delete from web_vitals');
    const good = { route: '/', metrics: { LCP: 1000 } };
    const refusals: [unknown, string][] = [
      // An address, an id or a query in the route: never stored, not even reduced.
      [{ ...good, route: '/book/6650f0c2a1b2c3d4e5f60718' }, 'route'],
      [{ ...good, route: '/dashboard/ada@example.com' }, 'route'],
      [{ ...good, route: '/book?category=story' }, 'route'],
      [{ ...good, route: 42 }, 'route'],
      [{ route: '/' }, 'metrics'],
      [{ ...good, metrics: {} }, 'metrics'],
      [{ ...good, metrics: { LCP: 1000, FID: 10 } }, 'metrics'],
      [{ ...good, metrics: { LCP: -1 } }, 'LCP'],
      [{ ...good, metrics: { LCP: 1e9 } }, 'LCP'],
      [{ ...good, metrics: { CLS: 50 } }, 'CLS'],
      [{ ...good, metrics: { INP: 'fast' } }, 'INP'],
      [{ ...good, connection: 'wifi' }, 'connection'],
      [{ ...good, email: 'ada@example.com' }, 'email'],
      [{ ...good, userAgent: 'Mozilla/5.0' }, 'userAgent'],
    ];
    for (const [payload, field] of refusals) {
      const message = expectError(await beacon(payload), 400);
      expect(message, JSON.stringify(payload)).toContain(field);
    }
    // A body over the limit is refused before it is read.
    const padded = { ...good, connection: '4g', pad: 'x'.repeat(VITALS_MAX_BYTES) };
    expectError(await beacon(padded), 413);
    expect(await stored()).toEqual([]);
  });

  it('limits beacons per IP', async () => {
    const limited = await buildAccountsApp({ adminEmails: [], limits: { vitalsPerIp: 2 } });
    try {
      const send = () => beacon({ route: '/drawing', metrics: { FCP: 500 } }, limited.app);
      expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(204);
      expectError(await send(), 429);
    } finally {
      await limited.close();
    }
  });

  it('keeps 30 days and at most a capped number of page views', async () => {
    await t.db.query('delete from web_vitals');
    for (const daysAgo of [40, 31, 5, 1, 0]) {
      await t.db.query(
        `insert into web_vitals (route, lcp, created_at)
         values ('/', $1, now() - $2::integer * interval '1 day')`,
        [daysAgo, daysAgo],
      );
    }
    await trimVitals(t.db);
    expect((await stored()).map((row) => row.lcp)).toEqual([5, 1, 0]);
    await trimVitals(t.db, 2);
    expect((await stored()).map((row) => row.lcp)).toEqual([1, 0]);
  });
});

describe('GET /api/admin/vitals', () => {
  it('gives each route’s p75 per metric with the page views behind it, over the last days', async () => {
    await t.db.query('delete from web_vitals');
    for (const lcp of [1000, 2000, 3000, 4000]) {
      expect((await beacon({ route: '/book', metrics: { LCP: lcp, CLS: 0 } })).statusCode).toBe(
        204,
      );
    }
    await beacon({ route: '/book', metrics: { INP: 120 } });
    await beacon({ route: '/', metrics: { LCP: 1500 } });
    // Older than the period asked: left out.
    await t.db.query(
      `insert into web_vitals (route, lcp, created_at) values ('/', 99999, now() - interval '8 days')`,
    );

    const res = await report();
    expect(res.statusCode, res.body).toBe(200);
    const answer: VitalsReport = vitalsReportSchema.parse(res.json());
    expect(answer.days).toBe(7);
    expect(answer.routes).toEqual([
      {
        route: '/book',
        views: 5,
        metrics: {
          // percentile_cont: 75 % of the way from 1000 to 4000 over four values.
          LCP: { p75: 3250, views: 4 },
          INP: { p75: 120, views: 1 },
          CLS: { p75: 0, views: 4 },
          FCP: null,
          TTFB: null,
        },
      },
      {
        route: '/',
        views: 1,
        metrics: { LCP: { p75: 1500, views: 1 }, INP: null, CLS: null, FCP: null, TTFB: null },
      },
    ]);
    const wider = vitalsReportSchema.parse((await report('30')).json());
    expect(wider.routes.find((entry) => entry.route === '/')?.views).toBe(2);
  });

  it('is for admins, and refuses a period it does not keep', async () => {
    expectError(await report(undefined, null), 401);
    expectError(await report(undefined, await signIn(t.app, 'vitals-student')), 403);
    for (const days of ['0', '31', '2.5', 'week']) {
      expect(expectError(await report(days), 400)).toContain('days');
    }
  });
});
