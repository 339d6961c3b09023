import { VITAL_METRICS, type VitalMetric, type VitalRating } from '@contract/vitals';

/** What each metric measures, for the chart's panels and the table's headers. */
export const METRIC_TITLES: Record<VitalMetric, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

/** A value as the screen shows it: seconds for the page loads, ms for INP, CLS unitless. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(3);
  if (metric === 'INP') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

/** Google's "good" limit of a metric as a label (`≤ 2.50 s`). */
export const goodLimit = (metric: VitalMetric) =>
  `≤ ${formatVital(metric, VITAL_METRICS[metric].good)}`;

export const RATING_LABELS: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** Each rating's colour as an SVG fill and as a dot beside its word (never the colour alone). */
export const RATING_FILLS: Record<VitalRating, string> = {
  good: 'fill-success',
  'needs-improvement': 'fill-warning',
  poor: 'fill-error',
};
export const RATING_DOTS: Record<VitalRating, string> = {
  good: 'bg-success',
  'needs-improvement': 'bg-warning',
  poor: 'bg-error',
};

export const views = (count: number) => (count === 1 ? '1 view' : `${count} views`);
