import { z } from 'zod';
import { checkoutShippingSchema } from './payments';
import { textSchema } from './text';

/** A checkout's state for the shop (docs/product.md §10.10): paid, refunded or partly refunded. */
export const ADMIN_ORDER_STATUSES = ['paid', 'refunded', 'partly-refunded'] as const;
export const adminOrderStatusSchema = z.enum(ADMIN_ORDER_STATUSES);

/** Checkouts per page of the admin's Orders screen. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Must be a real date');

/** GET /admin/orders: filters by status, customer (part of the email) and date (inclusive). */
export const adminOrderListQuerySchema = z
  .object({
    status: adminOrderStatusSchema.optional(),
    q: textSchema().trim().min(1, 'Must not be empty').max(100).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce
      .number({ error: 'Expected a whole number' })
      .int('Expected a whole number')
      .min(1, 'Must be at least 1')
      .max(100_000, 'Must be at most 100000')
      .optional(),
  })
  .meta({ examples: [{ status: 'paid', page: 1 }] });

/** One checkout in the list: one payment and its lines. */
export const adminOrderSummarySchema = z.object({
  /** The Stripe PaymentIntent id (as GET /orders/{id} and the receipt name it). */
  paymentId: z.string(),
  orderNumber: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** Dollars charged. */
  total: z.number().positive(),
  /** Dollars refunded so far. */
  refunded: z.number().nonnegative(),
  status: adminOrderStatusSchema,
  lineCount: z.number().int().positive(),
});

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});

/** Params of the routes that name one checkout: its PaymentIntent id. */
export const adminOrderParamsSchema = z.object({
  id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(255),
});

/** GET /admin/orders/{id}: the checkout, its lines (refunded or not) and its history. */
export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  /** A book checkout's address; a course checkout's buyer (name, email) only (D62). */
  shipping: checkoutShippingSchema,
  lines: z.array(
    z.object({
      /** The order's id: what a refund names. */
      orderId: z.string(),
      name: z.string(),
      quantity: z.number().int().positive(),
      /** Dollars per copy. */
      price: z.number().positive(),
      refunded: z.boolean(),
      /** A refund asked of Stripe that its webhook has not confirmed yet. */
      refundPending: z.boolean(),
    }),
  ),
  history: z.array(
    z.object({
      actorEmail: z.string(),
      action: z.string(),
      changes: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
});

/** POST /admin/orders/{id}/refunds: the lines to refund (none: every line not yet refunded). */
export const refundBodySchema = z
  .strictObject({
    orderIds: z
      .array(textSchema({ error: 'Must be a string' }).min(1).max(64), {
        error: 'Must be an array of order ids',
      })
      .min(1, 'Name at least one order')
      .max(200)
      .optional(),
  })
  .meta({ examples: [{}] });

/** 202: Stripe was asked; its webhook marks the lines refunded and restocks the books. */
export const refundAcceptedSchema = z.object({
  refundId: z.string(),
  /** Dollars. */
  amount: z.number().positive(),
  orderIds: z.array(z.string()),
});

export const REFUND_MESSAGES = {
  notPaid: 'Only a paid order can be refunded.',
  alreadyRefunded: 'Those lines are already refunded.',
  otherPayment: (id: string) => `Order ${id} is not a line of this payment.`,
  moreThanPaid: 'That is more than was paid.',
} as const;

export type AdminOrderStatus = z.infer<typeof adminOrderStatusSchema>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type RefundBody = z.infer<typeof refundBodySchema>;
export type RefundAccepted = z.infer<typeof refundAcceptedSchema>;
