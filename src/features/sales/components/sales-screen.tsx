import { SALES_DEFAULT_DAYS, type SalesReport, type TopSeller } from '@contract/sales';
import { QueryView } from '@/components/query-view';
import { PeriodSelect, usePeriodParam } from '@/components/period-select';
import { DashboardScreen } from '@/components/dashboard-screen';
import { Spinner } from '@/components/spinner';
import { useGetSalesQuery } from '../api/sales-api';
import { RevenueChart } from './revenue-chart';
import { dayLabel, money } from './sales-format';
import { ColumnHeads, type Column } from '@/components/column-heads';

/** The periods the screen offers, in days. */
const PERIODS = [7, 30, 90, 365] as const;

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl bg-base-100 p-4 shadow-sm ring-1 ring-base-200">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-base-content/70">{note}</dd>}
    </div>
  );
}

function TopList({
  id,
  title,
  sellers,
  unit,
}: {
  id: string;
  title: string;
  sellers: TopSeller[];
  unit: [string, string];
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl bg-base-100 p-4 shadow-sm ring-1 ring-base-200 sm:p-5"
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {sellers.length === 0 ? (
        <p className="mt-3 text-sm text-base-content/70">None sold in this period.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {sellers.map((seller, index) => (
            <li key={seller.id} className="flex items-baseline gap-3 text-sm">
              <span className="w-4 shrink-0 text-base-content/70" aria-hidden="true">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 break-words font-medium">{seller.name}</span>
              <span className="shrink-0 tabular-nums text-base-content/80">
                {seller.copies} {seller.copies === 1 ? unit[0] : unit[1]}
              </span>
              <span className="w-20 shrink-0 text-right tabular-nums">{money(seller.revenue)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Report({ report }: { report: SalesReport }) {
  const net = Math.max(0, report.revenue - report.refunded);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Revenue" value={money(report.revenue)} />
        <Figure label="Orders" value={String(report.orders)} />
        <Figure
          label="Refunds"
          value={String(report.refunds)}
          note={`${money(report.refunded)} refunded`}
        />
        <Figure label="Net" value={money(net)} note="Revenue less refunds" />
      </dl>
      <RevenueChart daily={report.daily} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TopList
          id="top-books-heading"
          title="Best-selling books"
          sellers={report.topBooks}
          unit={['copy', 'copies']}
        />
        <TopList
          id="top-courses-heading"
          title="Best-selling courses"
          sellers={report.topCourses}
          unit={['sale', 'sales']}
        />
      </div>
      <details className="rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200">
        <summary className="cursor-pointer px-4 py-3 font-semibold sm:px-5">
          Revenue by day (table)
        </summary>
        <div className="overflow-x-auto px-2 pb-3">
          <table className="table table-sm">
            <thead>
              <tr className="text-xs uppercase tracking-wider text-base-content/70">
                <ColumnHeads columns={DAY_COLUMNS} />
              </tr>
            </thead>
            <tbody>
              {[...report.daily].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="font-normal">
                    <time dateTime={day.date}>{dayLabel(day.date)}</time>
                  </th>
                  <td className="text-right tabular-nums">{day.orders}</td>
                  <td className="text-right tabular-nums">{money(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/**
 * Sales (docs/product.md §2.22): the period's revenue, orders, refunds and net; revenue per day
 * as a chart (and as a table); the five best-selling books and courses. The period is in the
 * address (`?days=`), so a reload keeps it. Read afresh on every visit: a sale may have come in.
 */
const DAY_COLUMNS: readonly Column[] = [
  { label: 'Day' },
  { label: 'Orders', className: 'text-right' },
  { label: 'Revenue', className: 'text-right' },
];

export function SalesScreen() {
  const [days, setDays] = usePeriodParam(PERIODS, SALES_DEFAULT_DAYS);
  const { data, error, isError, isLoading, isFetching, refetch } = useGetSalesQuery(
    { days },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <DashboardScreen
      eyebrow="Sales"
      headingId="sales-heading"
      heading="What the shop sold"
      refreshing={isFetching && !isLoading}
      note={
        data && (
          <p className="mt-1 text-sm text-base-content/70">
            {dayLabel(data.from)} to {dayLabel(data.to)} (UTC days)
          </p>
        )
      }
      actions={<PeriodSelect id="sales-period" periods={PERIODS} days={days} onChange={setDays} />}
    >
      <QueryView
        query={{ isLoading, isError, error, refetch }}
        loading={<Spinner label="Loading the sales…" />}
        errorText="Could not load the sales."
      >
        {() => data && <Report report={data} />}
      </QueryView>
    </DashboardScreen>
  );
}
