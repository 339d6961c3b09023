import { z } from 'zod';
import { adminOrderStatusSchema } from './admin-orders';
import { checkoutShippingSchema } from './payments';
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
  /** A book checkout's address; a course checkout's buyer (name, email) only (D62). */
  shipping: checkoutShippingSchema,
});

/** Checkouts per page of My Orders. */
export const MY_CHECKOUTS_PAGE_SIZE = 10;

/** GET /orders: which page of the caller's checkouts (newest first). */
export const myCheckoutListQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'Expected a whole number' })
      .int('Expected a whole number')
      .min(1, 'Must be at least 1')
      .max(100_000, 'Must be at most 100000')
      .optional(),
  })
  .meta({ examples: [{ page: 1 }] });

/**
 * One checkout in My Orders (docs/product.md §2.13): its number, date, status and total, with the
 * link to its receipt (by `paymentId`) and its lines the customer has not deleted.
 */
export const myCheckoutSchema = z.object({
  /** The Stripe PaymentIntent id: what GET /orders/{id} and the receipt name. */
  paymentId: z.string(),
  orderNumber: z.string(),
  /** ISO 8601: when the checkout was started. */
  createdAt: z.string(),
  /** As the admin's Orders say it: paid, partly refunded or refunded. */
  status: adminOrderStatusSchema,
  /** Dollars: what the card was charged. */
  total: z.number().positive(),
  lines: z.array(orderSchema).min(1),
});

/** GET /orders: a page of the caller's checkouts that still show a line. */
export const myCheckoutPageSchema = z.object({
  checkouts: z.array(myCheckoutSchema),
  /** Every such checkout, on every page. */
  total: z.number().int().nonnegative(),
  /** Their lines, on every page: the spec's 'Total number of order : {count}'. */
  lineCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});

export type Order = z.infer<typeof orderSchema>;
export type MyCheckout = z.infer<typeof myCheckoutSchema>;
export type MyCheckoutPage = z.infer<typeof myCheckoutPageSchema>;
export type Checkout = z.infer<typeof checkoutSchema>;
