import type { SalesReport } from '@contract/sales';
import { dayLabel, money } from './sales-format';

type Day = SalesReport['daily'][number];

/** 1, 2 or 5 × 10ⁿ at or above `value`: the chart's top line, so its labels are round. */
function roundCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

const BAR_SLOT = 10;

/**
 * Revenue per day as bars, by hand in SVG (no chart library: this is smaller, and it loads with
 * this screen only). The picture has one text alternative (the period, its best day and today);
 * each bar's figures show on hover, and the table under it has them all.
 */
export function RevenueChart({ daily }: { daily: Day[] }) {
  const first = daily[0];
  const today = daily[daily.length - 1];
  if (!first || !today) return null;
  const best = daily.reduce((top, day) => (day.revenue > top.revenue ? day : top), first);
  const top = roundCeiling(best.revenue);
  const middle = daily[Math.floor((daily.length - 1) / 2)];
  const summary =
    `Revenue per day from ${dayLabel(first.date)} to ${dayLabel(today.date)}. ` +
    (best.revenue > 0
      ? `Best day ${dayLabel(best.date)}, ${money(best.revenue)}. `
      : 'Nothing sold in this period. ') +
    `Today ${money(today.revenue)}.`;

  return (
    <figure className="rounded-2xl bg-base-100 p-4 shadow-sm ring-1 ring-base-200 sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">Revenue per day</span>
        <span className="text-sm text-base-content/70" data-testid="sales-today">
          Today: {money(today.revenue)} from{' '}
          {today.orders === 1 ? '1 order' : `${today.orders} orders`}
        </span>
      </figcaption>
      <div className="mt-4 flex gap-2">
        {/* The scale: the top line and half of it. */}
        <div
          className="flex h-48 flex-col justify-between text-right text-xs tabular-nums text-base-content/70"
          aria-hidden="true"
        >
          <span>{money(top)}</span>
          <span>{money(top / 2)}</span>
          <span>$0</span>
        </div>
        <div className="relative h-48 min-w-0 flex-1">
          <div className="absolute inset-0 flex flex-col justify-between" aria-hidden="true">
            <span className="border-t border-dashed border-base-300" />
            <span className="border-t border-dashed border-base-300" />
            <span className="border-t border-base-300" />
          </div>
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${daily.length * BAR_SLOT} 100`}
            preserveAspectRatio="none"
            className="relative h-full w-full"
          >
            {daily.map((day, index) => {
              const height = (day.revenue / top) * 100;
              return (
                <rect
                  key={day.date}
                  x={index * BAR_SLOT + BAR_SLOT * 0.15}
                  width={BAR_SLOT * 0.7}
                  y={100 - height}
                  height={height}
                  rx={1}
                  className={day === today ? 'fill-primary' : 'fill-primary/60'}
                >
                  <title>{`${dayLabel(day.date)}: ${money(day.revenue)}, ${
                    day.orders === 1 ? '1 order' : `${day.orders} orders`
                  }`}</title>
                </rect>
              );
            })}
          </svg>
        </div>
      </div>
      <div
        className="mt-2 flex justify-between pl-12 text-xs text-base-content/70"
        aria-hidden="true"
      >
        <span>{dayLabel(first.date)}</span>
        {middle && middle !== first && middle !== today && <span>{dayLabel(middle.date)}</span>}
        <span>Today</span>
      </div>
    </figure>
  );
}
