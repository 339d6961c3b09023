import { HttpResponse } from 'msw';
import {
  percentile75,
  VITAL_METRIC_NAMES,
  VITALS_DEFAULT_DAYS,
  type PageRoute,
  type VitalsReport,
} from '@contract/vitals';
import { apiRoute } from './api-route';
import { db, type DbVital } from './db';

const DAY_MS = 24 * 60 * 60 * 1000;

type RouteReport = VitalsReport['routes'][number];

/** One route's figures as the server's `percentile_cont(0.75)` and `count(column)` give them. */
function figuresOf(route: PageRoute, views: DbVital[]): RouteReport {
  const metrics = Object.fromEntries(
    VITAL_METRIC_NAMES.map((metric) => {
      const values = views.flatMap((view) => {
        const value = view.metrics[metric];
        return value === undefined ? [] : [value];
      });
      const p75 = percentile75(values);
      return [metric, p75 === null ? null : { p75, views: values.length }];
    }),
  ) as RouteReport['metrics'];
  return { route, views: views.length, metrics };
}

/** Real users' Core Web Vitals: the beacon (anyone) and the admin's Performance report. */
export const vitalsHandlers = [
  apiRoute('POST /api/vitals', {
    handle: ({ body }) => {
      // As the server: a second beacon of a view only fills in metrics it has not reported (D53).
      const known = db.vitals.find((stored) => stored.view === body.view);
      if (known) {
        known.metrics = { ...body.metrics, ...known.metrics };
        known.connection ??= body.connection;
      } else {
        db.vitals.push({ ...body, createdAt: Date.now() });
      }
      return new HttpResponse(null, { status: 204 });
    },
  }),
];

export const adminVitalsHandlers = [
  apiRoute('GET /api/admin/vitals', {
    handle: ({ query }) => {
      const days = query.days ?? VITALS_DEFAULT_DAYS;
      // The server's window: the last `days` × 24 hours, not whole days.
      const since = Date.now() - days * DAY_MS;
      const byRoute = new Map<PageRoute, DbVital[]>();
      for (const view of db.vitals.filter((candidate) => candidate.createdAt >= since)) {
        byRoute.set(view.route, [...(byRoute.get(view.route) ?? []), view]);
      }
      const report: VitalsReport = {
        days,
        // The server's order: most page views first, then the route.
        routes: [...byRoute]
          .map(([route, views]) => figuresOf(route, views))
          .sort(
            (a, b) => b.views - a.views || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0),
          ),
      };
      return HttpResponse.json(report);
    },
  }),
];
