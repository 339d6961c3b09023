import { useState } from 'react';
import { apiFailureOf } from '@/lib/api/error-message';
import { useGetCheckoutQuery } from '../api/orders-api';

/** How often a checkout Stripe has not settled yet is asked for again. */
export const CONFIRMATION_POLL_MS = 1000;
/** …and while the shop cannot be reached (a proxy's 502 while the server restarts). */
export const UNREACHABLE_POLL_MS = 3000;

/** Said while the shop does not answer: the card was charged, and the page keeps asking. */
export const SHOP_UNREACHABLE_AFTER_PAYMENT =
  'We could not reach the shop. Your payment is safe; this page updates by itself.';

/**
 * Whether a failed read is the shop being away (no answer, or a 5xx: a proxy in front of a server
 * that is down or restarting) rather than an answer about the order (404, 403): only then is it
 * worth asking again by itself.
 */
function isShopAway(error: unknown): boolean {
  const status = apiFailureOf(error)?.status;
  return status !== undefined && (status === 0 || status >= 500);
}

/**
 * One checkout (GET /orders/{paymentId}), asked for again until Stripe has settled it: while it
 * is pending, and while the shop cannot be reached (the server may be down the moment the card
 * is charged; it settles the payment once back, docs/product.md §10.2). The confirmation and the
 * receipt both read a checkout this way.
 */
export function useSettledCheckout(paymentId: string) {
  const [settled, setSettled] = useState(false);
  const [away, setAway] = useState(false);
  const query = useGetCheckoutQuery(paymentId, {
    pollingInterval: settled ? 0 : away ? UNREACHABLE_POLL_MS : CONFIRMATION_POLL_MS,
    // Polling also goes on in a tab in the background: the buyer comes back to the answer.
    skipPollingIfUnfocused: false,
  });
  const { data, error, isError } = query;
  // The latest read failed because the shop is away (an earlier answer may still be shown).
  const unreachable = isError && isShopAway(error);
  if (away !== unreachable) setAway(unreachable);
  // Settled: asked no more. A read that failed for another reason (404, 403) is not retried.
  const done =
    (!unreachable && data !== undefined && data.status !== 'pending') || (isError && !unreachable);
  if (done !== settled) setSettled(done);
  return { ...query, unreachable };
}
