import {
  VITAL_METRIC_NAMES,
  VITALS_KEEP_DAYS,
  VITALS_MAX_ROWS,
  type PageRoute,
  type VitalMetric,
  type VitalsBeacon,
  type VitalsReport,
} from '../../../contract/vitals';
import type { Queryable } from '../client';

/** Each metric's column (the names are the contract's, never the caller's). */
const COLUMN: Record<VitalMetric, string> = {
  LCP: 'lcp',
  INP: 'inp',
  CLS: 'cls',
  FCP: 'fcp',
  TTFB: 'ttfb',
};

/**
 * Stores one page view's beacon (validated by the route's schema). A second beacon of the same
 * view (its `view` id) changes nothing the view already has: it only fills in metrics the view
 * has not reported yet, so a metric counts once per view (docs/decisions.md D53).
 */
export async function insertVitals(db: Queryable, beacon: VitalsBeacon): Promise<void> {
  const { metrics } = beacon;
  await db.query(
    `insert into web_vitals (view_id, route, lcp, inp, cls, fcp, ttfb, connection)
     values ($8, $1, $2, $3, $4, $5, $6, $7)
     on conflict (view_id) do update set
       lcp = coalesce(web_vitals.lcp, excluded.lcp),
       inp = coalesce(web_vitals.inp, excluded.inp),
       cls = coalesce(web_vitals.cls, excluded.cls),
       fcp = coalesce(web_vitals.fcp, excluded.fcp),
       ttfb = coalesce(web_vitals.ttfb, excluded.ttfb),
       connection = coalesce(web_vitals.connection, excluded.connection)`,
    [
      beacon.route,
      metrics.LCP ?? null,
      metrics.INP ?? null,
      metrics.CLS ?? null,
      metrics.FCP ?? null,
      metrics.TTFB ?? null,
      beacon.connection ?? null,
      beacon.view,
    ],
  );
}

/**
 * Drops what is older than VITALS_KEEP_DAYS and, past VITALS_MAX_ROWS, the oldest page views: a
 * flood of beacons cannot fill the disk.
 */
export async function trimVitals(db: Queryable, maxRows: number = VITALS_MAX_ROWS): Promise<void> {
  await db.query(
    `delete from web_vitals where created_at < now() - $1::integer * interval '1 day'`,
    [VITALS_KEEP_DAYS],
  );
  await db.query(
    `delete from web_vitals where id <= (
       select id from web_vitals order by id desc offset $1 limit 1)`,
    [maxRows],
  );
}

type Row = { route: PageRoute; views: number } & Record<string, number | null>;

/** Per route with page views in the last `days` days: the p75 of each metric and its views. */
export async function vitalsReport(db: Queryable, days: number): Promise<VitalsReport> {
  const figures = VITAL_METRIC_NAMES.map((metric) => {
    const column = COLUMN[metric];
    return `percentile_cont(0.75) within group (order by ${column}) as ${column}_p75,
            count(${column})::integer as ${column}_views`;
  }).join(',\n');
  const rows = await db.query<Row>(
    `select route, count(*)::integer as views, ${figures}
     from web_vitals where created_at >= now() - $1::integer * interval '1 day'
     group by route order by views desc, route`,
    [days],
  );
  return {
    days,
    routes: rows.map((row) => ({
      route: row.route,
      views: row.views,
      metrics: Object.fromEntries(
        VITAL_METRIC_NAMES.map((metric) => {
          const column = COLUMN[metric];
          const views = Number(row[`${column}_views`] ?? 0);
          const p75 = row[`${column}_p75`];
          return [metric, views > 0 && p75 !== null ? { p75: Number(p75), views } : null];
        }),
      ) as VitalsReport['routes'][number]['metrics'],
    })),
  };
}
