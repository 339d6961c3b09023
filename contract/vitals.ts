import { z } from 'zod';
import {
  CONNECTION_TYPES,
  PAGE_ROUTES,
  PAGE_VIEW_ID_PATTERN,
  VITAL_METRICS,
  VITALS_KEEP_DAYS,
  type VitalMetric,
} from './vitals-rules';

export * from './vitals-rules';

/**
 * Real users' Core Web Vitals (issue 18 §2, docs/product.md §2.24): one beacon per page view
 * (`POST /vitals`), kept 30 days, and the admin's Performance screen (`GET /admin/vitals`).
 */

const metricValue = (metric: VitalMetric) =>
  z
    .number({ error: 'Expected a number' })
    .min(0, 'Must not be negative')
    .max(VITAL_METRICS[metric].max, `Must be at most ${VITAL_METRICS[metric].max}`)
    .optional();

/**
 * POST /vitals: a page view's id, its route pattern, the metrics measured, the connection when
 * known.
 */
export const vitalsBeaconSchema = z
  .strictObject({
    view: z
      .string({ error: 'Expected the page view’s id' })
      .regex(PAGE_VIEW_ID_PATTERN, 'Must be a page view id (16–64 letters, digits, - or _)'),
    route: z.enum(PAGE_ROUTES, { error: 'Must be one of the app’s route patterns' }),
    metrics: z
      .strictObject({
        LCP: metricValue('LCP'),
        INP: metricValue('INP'),
        CLS: metricValue('CLS'),
        FCP: metricValue('FCP'),
        TTFB: metricValue('TTFB'),
      })
      .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), {
        error: 'Must hold at least one metric',
      }),
    connection: z.enum(CONNECTION_TYPES).optional(),
  })
  .meta({
    examples: [
      {
        view: '3f9c1d2e8a7b4c5d6e7f8091a2b3c4d5',
        route: '/book/:bookId',
        metrics: { LCP: 1830, CLS: 0.01 },
      },
    ],
  });
export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

export const VITALS_DEFAULT_DAYS = 7;

/** GET /admin/vitals?days=7 */
export const vitalsQuerySchema = z
  .object({
    days: z.coerce
      .number({ error: 'Expected a whole number' })
      .int('Expected a whole number')
      .min(1, 'Must be at least 1')
      // As far back as beacons are kept.
      .max(VITALS_KEEP_DAYS, `Must be at most ${VITALS_KEEP_DAYS}`)
      .optional(),
  })
  .meta({ examples: [{ days: VITALS_DEFAULT_DAYS }] });

/** One metric of one route: the 75th percentile and how many page views measured it. */
const vitalFigureSchema = z.object({ p75: z.number().nonnegative(), views: z.number().int() });

export const vitalsReportSchema = z.object({
  days: z.number().int().positive(),
  /** Routes with at least one page view, most viewed first. */
  routes: z.array(
    z.object({
      route: z.enum(PAGE_ROUTES),
      views: z.number().int().positive(),
      metrics: z.object({
        LCP: vitalFigureSchema.nullable(),
        INP: vitalFigureSchema.nullable(),
        CLS: vitalFigureSchema.nullable(),
        FCP: vitalFigureSchema.nullable(),
        TTFB: vitalFigureSchema.nullable(),
      }),
    }),
  ),
});
export type VitalsReport = z.infer<typeof vitalsReportSchema>;
