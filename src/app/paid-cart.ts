import { useEffect, useState } from 'react';
import type { CartLine } from '@contract/carts';
import { clearCheckout } from '@/features/checkout/checkout-slice';
import { baseApi } from '@/lib/api/base-api';
import { useAppDispatch } from '@/lib/redux-hooks';

/** How often, and how long, the book cart is re-read after a payment until the webhook lands. */
export const SETTLE_POLL_MS = 1000;
export const SETTLE_TIMEOUT_MS = 15_000;

export type SettleStatus = 'idle' | 'waiting' | 'settled' | 'timed-out';

/**
 * After a book-cart payment the server empties the paid lines and makes the orders when Stripe's
 * webhook arrives, a moment after the card was confirmed. Until the cart no longer holds
 * `paidLineIds`, the cart and the orders are refetched every second (the badge then shows the
 * new count, My Orders the new orders), for at most 15 s. Then the checkout is cleared.
 */
export function useSettlePaidBookCart(
  paidLineIds: readonly string[] | null,
  bookLines: readonly CartLine[],
): SettleStatus {
  const dispatch = useAppDispatch();
  const [timedOut, setTimedOut] = useState(false);
  const waiting = paidLineIds !== null;
  const settled = waiting && bookLines.every((line) => !paidLineIds.includes(line._id));

  useEffect(() => {
    if (!waiting || settled || timedOut) return;
    const refetch = () => dispatch(baseApi.util.invalidateTags(['Cart', 'Orders']));
    refetch();
    const poll = setInterval(refetch, SETTLE_POLL_MS);
    const stop = setTimeout(() => setTimedOut(true), SETTLE_TIMEOUT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [waiting, settled, timedOut, dispatch]);

  const done = settled || timedOut;
  useEffect(() => {
    if (done) dispatch(clearCheckout());
  }, [done, dispatch]);

  if (!waiting) return 'idle';
  // First: clearing the checkout at the time-out empties the lines this hook is given, which
  // would otherwise read as settled.
  if (timedOut) return 'timed-out';
  return settled ? 'settled' : 'waiting';
}
