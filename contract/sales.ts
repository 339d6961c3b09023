import { z } from 'zod';

/**
 * The admin's Sales screen (docs/product.md §2.22): what the shop sold over the last N whole UTC
 * days, today included. A checkout counts on the day it was placed (as the Orders screen files
 * it), a refund on the day it was made.
 */

export const SALES_DEFAULT_DAYS = 30;
export const SALES_MAX_DAYS = 365;
/** How many books, and how many courses, the best-sellers lists hold. */
export const SALES_TOP_COUNT = 5;

const DAY_MS = 86_400_000;

/** The report's days: the last `days` whole UTC days up to `now`, today included, oldest first. */
export function salesPeriodDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** GET /admin/sales?days=30 */
export const salesQuerySchema = z
  .object({
    days: z.coerce
      .number({ error: 'Expected a whole number' })
      .int('Expected a whole number')
      .min(1, 'Must be at least 1')
      .max(SALES_MAX_DAYS, `Must be at most ${SALES_MAX_DAYS}`)
      .optional(),
  })
  .meta({ examples: [{ days: SALES_DEFAULT_DAYS }] });

const dollars = z.number().nonnegative();

/** A best-seller: copies (or seats) sold and not refunded, and what they brought in. */
export const topSellerSchema = z.object({
  id: z.string(),
  name: z.string(),
  copies: z.number().int().positive(),
  revenue: dollars,
});

export const salesReportSchema = z.object({
  days: z.number().int().positive(),
  /** The first and the last day (today), UTC, as YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  /** Dollars charged by the checkouts of the period (refunded ones included). */
  revenue: dollars,
  /** Paid checkouts placed in the period. */
  orders: z.number().int().nonnegative(),
  /** Refunds made in the period, and their dollars. */
  refunds: z.number().int().nonnegative(),
  refunded: dollars,
  /** One entry per day, oldest first, every day present (0 when nothing sold). */
  daily: z.array(z.object({ date: z.string(), revenue: dollars, orders: z.number().int() })),
  topBooks: z.array(topSellerSchema),
  topCourses: z.array(topSellerSchema),
});

export type SalesQuery = z.infer<typeof salesQuerySchema>;
export type TopSeller = z.infer<typeof topSellerSchema>;
export type SalesReport = z.infer<typeof salesReportSchema>;
