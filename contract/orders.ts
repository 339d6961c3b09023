import { z } from 'zod';
import { shippingAddressSchema } from './payments';
import { textSchema } from './text';

export { CHECKOUT_MESSAGES } from './checkout-rules';

/** An order (docs/product.md §3 "Order (booking)"): one paid line, priced in dollars per copy. */
export const orderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
  price: z.number().positive(),
  /** Refunded by the shop (My Orders says "Refunded" beside the name). */
  refunded: z.boolean(),
});
/** GET /booking/email/{email}: newest first. */
export const orderListSchema = z.array(orderSchema);

/** Params of DELETE /booking/dlt/{id}. */
export const orderParamsSchema = z.object({
  id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(64),
});

/** DELETE /booking/dlt/{id} */
export const orderDeletedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.literal(1),
});

/** Params of GET /orders/{id}: the checkout's Stripe PaymentIntent id (`pi_…`). */
export const checkoutParamsSchema = z.object({
  id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(255),
});

export const CHECKOUT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

/**
 * GET /orders/{id}: one checkout as its confirmation and receipt show it. `status` is `paid` once
 * Stripe's webhook has made its orders (`pending` until then).
 */
export const checkoutSchema = z.object({
  paymentId: z.string(),
  /** Short and readable: what the shopper quotes to the shop. */
  orderNumber: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  source: z.enum(['books', 'courses']),
  /** ISO 8601: when the checkout was started. */
  createdAt: z.string(),
  email: z.string(),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int().positive(),
      /** Dollars per copy. */
      price: z.number().positive(),
    }),
  ),
  /** Dollars: what the card was charged. */
  total: z.number().positive(),
  shipping: shippingAddressSchema,
});

export type Order = z.infer<typeof orderSchema>;
export type Checkout = z.infer<typeof checkoutSchema>;
