import { useEffect, useState } from 'react';

/** How often the shown times are brought up to date. */
export const RELATIVE_TIME_REFRESH_MS = 30_000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** 'just now' under a minute, then '2 minutes ago', 'yesterday', … (a future time reads 'just now'). */
export function relativeTime(time: string, now: number): string {
  const seconds = Math.round((now - Date.parse(time)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** The current time, re-read every `intervalMs` so relative times keep themselves current. */
export function useNow(intervalMs: number = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
