import { describe, expect, it } from 'vitest';
import { percentile75, rateVital, VITAL_METRICS } from '@contract/vitals';

describe('rateVital (Google’s bands, inclusive at each limit)', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 0, 'good'],
    ['INP', 200, 'good'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
  ] as const)('%s %d is %s', (metric, value, rating) => {
    expect(rateVital(metric, value)).toBe(rating);
  });

  it('has a "poor" limit above every "good" one', () => {
    for (const { good, poor } of Object.values(VITAL_METRICS)) expect(poor).toBeGreaterThan(good);
  });
});

describe('percentile75 (PostgreSQL’s percentile_cont(0.75))', () => {
  it('is null for no values and the value itself for one', () => {
    expect(percentile75([])).toBeNull();
    expect(percentile75([42])).toBe(42);
  });

  it('interpolates between the sorted values around 0.75·(n−1)', () => {
    // n = 2: position 0.75.
    expect(percentile75([10, 20])).toBe(17.5);
    // n = 4: position 2.25, between 3000 and 4000, whatever the order given.
    expect(percentile75([4000, 1000, 3000, 2000])).toBe(3250);
    // n = 5: position 3, a value exactly.
    expect(percentile75([5, 1, 4, 2, 3])).toBe(4);
    expect(percentile75([0.01, 0.05, 0.02])).toBeCloseTo(0.035, 12);
  });

  it('sorts numerically and leaves its input alone', () => {
    const values = [100, 9, 20];
    expect(percentile75(values)).toBe(60);
    expect(values).toEqual([100, 9, 20]);
  });
});
