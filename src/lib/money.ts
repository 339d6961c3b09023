// Money is integer cents inside the app; the API and course.json speak dollars.
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function centsToDollarString(cents: number): string {
  return (cents / 100).toFixed(2);
}
