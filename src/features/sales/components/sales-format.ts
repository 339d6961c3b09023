import { formatCents, toCents } from '@contract/money';

/** Dollars as the screen shows them (`$1234.50`). */
export const money = (dollars: number) => formatCents(toCents(dollars));

/** A UTC day (`2026-11-24`) as `Nov 24`: the report's days are UTC days. */
export const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
