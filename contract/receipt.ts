// Zod-free: the web app's route table imports it, and the server's mails link to it.

/** The printable receipt's route (docs/product.md §2.15), by the PaymentIntent id. */
export const RECEIPT_ROUTE = '/orders/:paymentId/receipt';

/** The receipt of one checkout, by its PaymentIntent id (`pi_…`). */
export function receiptPath(paymentId: string): string {
  return `/orders/${encodeURIComponent(paymentId)}/receipt`;
}
