import { Fragment } from 'react';
import {
  rateVital,
  VITAL_METRIC_NAMES,
  VITALS_DEFAULT_DAYS,
  type VitalMetric,
  type VitalsReport,
} from '@contract/vitals';
import { QueryView } from '@/components/query-view';
import { PeriodSelect, usePeriodParam } from '@/components/period-select';
import { DashboardScreen } from '@/components/dashboard-screen';
import { Spinner } from '@/components/spinner';
import { useGetVitalsQuery } from '../api/vitals-api';
import { VitalsChart } from './vitals-chart';
import {
  formatVital,
  goodLimit,
  METRIC_TITLES,
  RATING_DOTS,
  RATING_LABELS,
  views,
} from './vitals-format';

/** The periods the screen offers, in days (the server keeps 30). */
const PERIODS = [7, 14, 30] as const;

type RouteFigures = VitalsReport['routes'][number];

function FigureCell({
  metric,
  figure,
}: {
  metric: VitalMetric;
  figure: RouteFigures['metrics'][VitalMetric];
}) {
  if (!figure) {
    return (
      <td>
        <span aria-hidden="true" className="text-base-content/60">
          —
        </span>
        <span className="sr-only">Not measured</span>
      </td>
    );
  }
  const rating = rateVital(metric, figure.p75);
  return (
    <td>
      <span className="block whitespace-nowrap font-semibold tabular-nums">
        {formatVital(metric, figure.p75)}
      </span>
      <span className="flex items-start gap-1.5 text-xs">
        <span
          className={`mt-1 h-2 w-2 shrink-0 rounded-full ${RATING_DOTS[rating]}`}
          aria-hidden="true"
        />
        {RATING_LABELS[rating]}
      </span>
      <span className="block whitespace-nowrap text-xs tabular-nums text-base-content/70">
        {views(figure.views)}
      </span>
    </td>
  );
}

/**
 * A route pattern that may break before its slashes on a phone (`/dashboard` `/performance`);
 * wider screens hide the break points (VitalsTable). Its text stays the pattern.
 */
function RouteName({ route }: { route: string }) {
  return route.split(/(?=\/)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

function VitalsTable({ report }: { report: VitalsReport }) {
  return (
    <div className="rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
      <h2 id="vitals-table-heading" className="px-4 pt-4 font-semibold sm:px-5">
        Every metric per page (75th percentile, last {report.days} days)
      </h2>
      {/* Scrolls sideways in its own box on a phone; focusable so a keyboard can scroll it. */}
      <div
        role="region"
        aria-labelledby="vitals-table-heading"
        tabIndex={0}
        className="mt-2 overflow-x-auto pb-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
      >
        <table className="table table-sm" aria-labelledby="vitals-table-heading">
          <thead>
            <tr className="align-bottom text-xs text-base-content/70">
              <th scope="col">Page</th>
              <th scope="col" className="text-right">
                Page views
              </th>
              {VITAL_METRIC_NAMES.map((metric) => (
                <th key={metric} scope="col">
                  <abbr title={METRIC_TITLES[metric]} className="font-semibold no-underline">
                    {metric}
                  </abbr>
                  <span className="block whitespace-nowrap font-normal">
                    good {goodLimit(metric)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.routes.map((route) => (
              <tr key={route.route} className="align-top">
                <th
                  scope="row"
                  // Named by the pattern itself: the break points would split it into words.
                  aria-label={route.route}
                  className="font-mono text-xs font-medium sm:text-sm"
                >
                  <span className="block max-w-32 sm:max-w-none sm:whitespace-nowrap sm:[&_wbr]:hidden">
                    <RouteName route={route.route} />
                  </span>
                </th>
                <td className="text-right tabular-nums">{route.views}</td>
                {VITAL_METRIC_NAMES.map((metric) => (
                  <FigureCell key={metric} metric={metric} figure={route.metrics[metric]} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Report({ report }: { report: VitalsReport }) {
  if (report.routes.length === 0) {
    return (
      <p className="rounded-2xl bg-base-100 p-6 text-center text-base-content/70 shadow-sm ring-1 ring-base-200">
        No page views measured in the last {report.days} days.
      </p>
    );
  }
  return (
    <>
      <VitalsChart routes={report.routes} />
      <VitalsTable report={report} />
    </>
  );
}

/**
 * Performance (docs/product.md §2.24): how fast the shop is for real visitors, as the 75th
 * percentile of each Core Web Vital per page, rated by Google's bands. The period is in the
 * address (`?days=`), so a reload keeps it; read afresh on every visit.
 */
export function PerformanceScreen() {
  const [days, setDays] = usePeriodParam(PERIODS, VITALS_DEFAULT_DAYS);
  const { data, error, isError, isLoading, isFetching, refetch } = useGetVitalsQuery(
    { days },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <DashboardScreen
      eyebrow="Core Web Vitals"
      headingId="performance-heading"
      heading="Performance"
      refreshing={isFetching && !isLoading}
      note={
        <p className="mt-1 max-w-prose text-sm text-base-content/70">
          How fast the shop is for the people who use it: the 75th percentile of each Core Web Vital
          per page, from real visits.
        </p>
      }
      actions={
        <PeriodSelect id="performance-period" periods={PERIODS} days={days} onChange={setDays} />
      }
    >
      {/* Room for the report while it loads, so the page under it does not jump. */}
      <div className="min-h-96 space-y-6">
        <QueryView
          query={{ isLoading, isError, error, refetch }}
          loading={<Spinner label="Loading the figures…" />}
          errorText="Could not load the figures."
        >
          {() => data && <Report report={data} />}
        </QueryView>
      </div>
    </DashboardScreen>
  );
}
