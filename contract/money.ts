// Money is integer cents inside the server and the web app; the API and course.json speak dollars
// (`price: 12.99`). Zod-free: the web app imports these as values.

/** Dollars to cents, rounded to the nearest cent (12.99 → 1299). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Cents to dollars: n / 100 is the double nearest the two-decimal amount (1299 → 12.99). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Whether a dollar amount has at most two decimals (12.99 yes, 12.999 no). */
export function hasWholeCents(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** `$12.99` */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** `12.99` */
export function centsToDollarString(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A record of the API as the server holds it: its dollar `price` as integer `priceCents`. */
export type InCents<T extends { price: number }> = Omit<T, 'price'> & { priceCents: number };

/** The API's form of a record held in cents: `priceCents` back to dollars, as `price`. */
export function inDollars<T extends { priceCents: number }>(
  record: T,
): Omit<T, 'priceCents'> & { price: number } {
  const { priceCents, ...rest } = record;
  return { ...rest, price: centsToDollars(priceCents) };
}
