/** Order Now asked by a visitor: the book to add once they have signed in (issue 16 item 5). */
export type PendingOrder = { bookId: string; name: string };

/** The location state that carries it back from the login screen. */
export type PendingOrderState = { orderNow: PendingOrder };

/** The pending order a location's state holds, if any. */
export function pendingOrderOf(state: unknown): PendingOrder | null {
  if (typeof state !== 'object' || state === null || !('orderNow' in state)) return null;
  const order = (state as { orderNow: unknown }).orderNow;
  if (typeof order !== 'object' || order === null) return null;
  const { bookId, name } = order as Partial<PendingOrder>;
  return typeof bookId === 'string' && typeof name === 'string' ? { bookId, name } : null;
}
