import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITALS_MAX_BYTES, vitalsReportSchema, type VitalsReport } from '../../contract/vitals';
import { RATE_LIMITS } from '../../server/rate-limit';
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

let nextView = 0;
/** A page view id of its own, as the web app draws one per page view. */
const freshView = () => `view-${String((nextView += 1)).padStart(12, '0')}`;

/** POST /api/vitals; a payload without `view` is sent as a page view of its own. */
const beacon = (payload: unknown, app: TestApp['app'] = t.app, ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/vitals',
    payload: (typeof payload === 'object' && payload !== null && !('view' in payload)
      ? { view: freshView(), ...payload }
      : payload) as object,
    remoteAddress: ip,
  });

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
      // Implausible (D53): a page painted after a minute, an answer after 20 s.
      [{ ...good, metrics: { LCP: 60_001 } }, 'LCP: Must be at most 60000'],
      [{ ...good, metrics: { FCP: 60_001 } }, 'FCP: Must be at most 60000'],
      [{ ...good, metrics: { TTFB: 60_001 } }, 'TTFB: Must be at most 60000'],
      [{ ...good, metrics: { CLS: 5.01 } }, 'CLS: Must be at most 5'],
      [{ ...good, metrics: { INP: 20_001 } }, 'INP: Must be at most 20000'],
      [{ ...good, view: 'short' }, 'view'],
      [{ ...good, view: 'x'.repeat(20) + ' ' }, 'view'],
      [{ ...good, view: undefined }, 'view'],
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

  it('takes the plausible extremes', async () => {
    await t.db.query('delete from web_vitals');
    const res = await beacon({
      route: '/',
      metrics: { LCP: 60_000, FCP: 60_000, TTFB: 60_000, CLS: 5, INP: 20_000 },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await stored()).toHaveLength(1);
  });

  it('counts a page view once: a second beacon of the view adds only what it lacked (D53)', async () => {
    await t.db.query('delete from web_vitals');
    const view = freshView();
    expect((await beacon({ view, route: '/about', metrics: { LCP: 1200 } })).statusCode).toBe(204);
    for (let i = 0; i < 5; i += 1) {
      const again = await beacon({ view, route: '/about', metrics: { LCP: 60_000, CLS: 0.05 } });
      expect(again.statusCode).toBe(204);
    }
    expect(await stored()).toEqual([
      { route: '/about', lcp: 1200, inp: null, cls: 0.05, fcp: null, ttfb: null, connection: null },
    ]);
  });

  it('103 beacons from one client no longer set a page’s p75 (the attack of issue 30 §3)', async () => {
    const limited = await buildAccountsApp({
      adminEmails: [],
      limits: { vitalsPerIp: RATE_LIMITS.vitalsPerIp.perMinute },
    });
    try {
      // Twenty real visits of /about, from twenty addresses: LCP 1.0–2.9 s.
      for (let i = 0; i < 20; i += 1) {
        const res = await beacon(
          { route: '/about', metrics: { LCP: 1000 + i * 100 } },
          limited.app,
          `10.30.0.${i + 1}`,
        );
        expect(res.statusCode).toBe(204);
      }
      const p75 = async () => {
        const [row] = await limited.db.query<{ p75: number; views: number }>(
          `select percentile_cont(0.75) within group (order by lcp) as p75,
                  count(lcp)::integer as views
           from web_vitals where route = '/about'`,
        );
        return row;
      };
      const before = await p75();

      // One address sends 103 beacons: the forged 120 s is refused, the worst plausible value
      // is taken only a few times a minute.
      const answers: number[] = [];
      for (let i = 0; i < 103; i += 1) {
        const forged = i % 2 === 0 ? 120_000 : 60_000;
        answers.push(
          (await beacon({ route: '/about', metrics: { LCP: forged } }, limited.app, '10.31.0.1'))
            .statusCode,
        );
      }
      const counted = answers.filter((status) => status === 204).length;
      expect(counted).toBeLessThanOrEqual(RATE_LIMITS.vitalsPerIp.perMinute);
      expect(answers.filter((status) => status === 400).length).toBeGreaterThan(0);
      expect(answers.filter((status) => status === 429).length).toBeGreaterThan(90);

      const after = await p75();
      expect(after?.views).toBe((before?.views ?? 0) + counted);
      // Still a real visit's figure (the slowest real one is 2.9 s), not the forged one.
      expect(after?.p75).toBeLessThanOrEqual(2_900);
    } finally {
      await limited.close();
    }
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
