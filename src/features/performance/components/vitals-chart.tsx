import {
  rateVital,
  VITAL_METRICS,
  type VitalMetric,
  type VitalRating,
  type VitalsReport,
} from '@contract/vitals';
import {
  formatVital,
  goodLimit,
  METRIC_TITLES,
  RATING_DOTS,
  RATING_FILLS,
  RATING_LABELS,
  views,
} from './vitals-format';

type RouteFigures = VitalsReport['routes'][number];

/** The three Core Web Vitals; FCP and TTFB are in the table only. */
const CHART_METRICS = ['LCP', 'INP', 'CLS'] as const satisfies readonly VitalMetric[];

/** One route's row, in SVG units (the picture stretches to the box's width). */
const ROW = 10;
const ROW_HEIGHT = 'h-7';

/** A round value at or above `value` (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10ⁿ): the scale's end. */
function roundCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

/** A sentence for the panel's text alternative: how many pages in each band, and the worst. */
function summaryOf(metric: VitalMetric, routes: RouteFigures[]): string {
  const measured = routes.flatMap((route) => {
    const figure = route.metrics[metric];
    return figure ? [{ route: route.route, p75: figure.p75 }] : [];
  });
  const count = (rating: VitalRating) =>
    measured.filter((entry) => rateVital(metric, entry.p75) === rating).length;
  const pages = (n: number) => (n === 1 ? '1 page' : `${n} pages`);
  const worst = measured.reduce<(typeof measured)[number] | undefined>(
    (top, entry) => (top === undefined || entry.p75 > top.p75 ? entry : top),
    undefined,
  );
  const unmeasured = routes.length - measured.length;
  return (
    `${metric} (${METRIC_TITLES[metric]}) at the 75th percentile per page, against the good ` +
    `limit of ${formatVital(metric, VITAL_METRICS[metric].good)}: ${pages(count('good'))} good, ` +
    `${pages(count('needs-improvement'))} needing improvement, ${pages(count('poor'))} poor.` +
    (worst ? ` Worst: ${worst.route}, ${formatVital(metric, worst.p75)}.` : '') +
    (unmeasured > 0 ? ` ${pages(unmeasured)} not measured.` : '')
  );
}

function Panel({ metric, routes }: { metric: VitalMetric; routes: RouteFigures[] }) {
  const { good, poor } = VITAL_METRICS[metric];
  const highest = Math.max(0, ...routes.map((route) => route.metrics[metric]?.p75 ?? 0));
  // Past the "poor" limit with room to spare, so the bands are always in the picture.
  const top = roundCeiling(Math.max(poor * 1.2, highest));
  const x = (value: number) => (value / top) * 100;
  const height = routes.length * ROW;

  return (
    <figure className="min-w-0">
      <figcaption className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{metric}</span>
        <span className="text-sm text-base-content/70">{METRIC_TITLES[metric]}</span>
      </figcaption>
      <div className="mt-2 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_3.5rem] gap-x-2 text-xs">
        {/* The good limit's label, over its line. */}
        <div className="relative col-start-2 h-5" aria-hidden="true">
          <span
            className="absolute top-0 -translate-x-1/2 whitespace-nowrap font-medium text-base-content/80"
            style={{ left: `${x(good)}%` }}
          >
            Good {goodLimit(metric)}
          </span>
        </div>
        <ul className="col-start-1" aria-hidden="true">
          {routes.map((route) => (
            <li
              key={route.route}
              className={`${ROW_HEIGHT} truncate font-mono leading-7 text-base-content/80`}
              title={route.route}
            >
              {route.route}
            </li>
          ))}
        </ul>
        <svg
          role="img"
          aria-label={summaryOf(metric, routes)}
          viewBox={`0 0 100 ${height}`}
          preserveAspectRatio="none"
          className="w-full overflow-visible"
          style={{ height: `${routes.length * 1.75}rem` }}
        >
          {routes.map((route, index) => {
            const figure = route.metrics[metric];
            if (!figure) return null;
            const rating = rateVital(metric, figure.p75);
            return (
              <rect
                key={route.route}
                x={0}
                y={index * ROW + ROW * 0.2}
                width={Math.max(0.5, x(figure.p75))}
                height={ROW * 0.6}
                className={RATING_FILLS[rating]}
              >
                <title>{`${route.route}: ${formatVital(metric, figure.p75)} (${RATING_LABELS[rating]}), ${views(figure.views)}`}</title>
              </rect>
            );
          })}
          {/* The limits: good (solid) and poor (dashed), over the bars. */}
          <line
            x1={x(good)}
            x2={x(good)}
            y1={0}
            y2={height}
            vectorEffect="non-scaling-stroke"
            strokeWidth={2}
            className="stroke-base-content"
          />
          <line
            x1={x(poor)}
            x2={x(poor)}
            y1={0}
            y2={height}
            vectorEffect="non-scaling-stroke"
            strokeWidth={1}
            strokeDasharray="3 3"
            className="stroke-base-content/50"
          />
        </svg>
        <ul className="col-start-3" aria-hidden="true">
          {routes.map((route) => {
            const figure = route.metrics[metric];
            return (
              <li key={route.route} className={`${ROW_HEIGHT} text-right leading-7 tabular-nums`}>
                {figure ? formatVital(metric, figure.p75) : '—'}
              </li>
            );
          })}
        </ul>
        <div
          className="col-start-2 mt-1 flex justify-between tabular-nums text-base-content/70"
          aria-hidden="true"
        >
          <span>0</span>
          <span>{formatVital(metric, top)}</span>
        </div>
      </div>
    </figure>
  );
}

/**
 * Each route's p75 LCP, INP and CLS as bars against Google's "good" limit (the solid line; the
 * dashed one is where "poor" starts), coloured by band. Drawn by hand in SVG like the Sales
 * chart; each panel has a text alternative, and the table under it has every figure in words.
 */
export function VitalsChart({ routes }: { routes: RouteFigures[] }) {
  return (
    <section
      aria-labelledby="vitals-chart-heading"
      className="rounded-2xl bg-base-100 p-4 shadow-sm ring-1 ring-base-200 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="vitals-chart-heading" className="font-semibold">
          Core Web Vitals per page
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/80">
          {(['good', 'needs-improvement', 'poor'] as const).map((rating) => (
            <li key={rating} className="flex items-center gap-1.5">
              <span
                className={`h-2.5 w-2.5 rounded-sm ${RATING_DOTS[rating]}`}
                aria-hidden="true"
              />
              {RATING_LABELS[rating]}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        {CHART_METRICS.map((metric) => (
          <Panel key={metric} metric={metric} routes={routes} />
        ))}
      </div>
    </section>
  );
}
