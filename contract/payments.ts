import { z } from 'zod';
import { emailSchema } from './email';
import { CHECKOUT_LIMITS, SHIPPING_COUNTRIES } from './checkout-rules';
import { textSchema } from './text';

export { CHECKOUT_LIMITS, CHECKOUT_MESSAGES, SHIPPING_COUNTRIES } from './checkout-rules';

// Only the "not an object" case is reworded; unknown keys keep zod's `Unrecognized key: "x"`.
const objectBody = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'Request body must be a JSON object' : undefined,
};

const requiredText = (max: number) =>
  textSchema({ error: 'Must be a string' })
    .trim()
    .min(1, 'Must not be empty')
    .max(max, `Must be at most ${max} characters`);

/** The shipping form (docs/product.md §2): every field required. Kept with the payment and its orders. */
export const shippingAddressSchema = z.strictObject(
  {
    firstName: requiredText(CHECKOUT_LIMITS.maxNameLength),
    lastName: requiredText(CHECKOUT_LIMITS.maxNameLength),
    email: emailSchema,
    country: z.enum(SHIPPING_COUNTRIES, {
      error: `Must be one of: ${SHIPPING_COUNTRIES.join(', ')}`,
    }),
    address: requiredText(CHECKOUT_LIMITS.maxAddressLength),
    city: requiredText(CHECKOUT_LIMITS.maxCityLength),
    state: requiredText(CHECKOUT_LIMITS.maxStateLength),
    postalCode: requiredText(CHECKOUT_LIMITS.maxPostalCodeLength),
  },
  objectBody,
);

/**
 * Who a course checkout is for (docs/decisions.md D62): a course ships nothing, so it asks no
 * address; the server fills these from the account (its display name, else its email).
 */
export const courseBuyerSchema = z.object({ name: z.string(), email: z.string() });

/** What a checkout keeps of its buyer: a book checkout's address, or a course checkout's buyer. */
export const checkoutShippingSchema = z.union([shippingAddressSchema, courseBuyerSchema]);

const quantitySchema = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(CHECKOUT_LIMITS.minQuantity, `Must be at least ${CHECKOUT_LIMITS.minQuantity}`)
  .max(CHECKOUT_LIMITS.maxQuantity, `Must be at most ${CHECKOUT_LIMITS.maxQuantity}`);

/**
 * One course-cart line: the course and how many. A course is bought once: a quantity above 1 is
 * refused by priceCourseItems with "A course is bought once" (its own 400, not a field error).
 */
export const courseItemSchema = z.strictObject(
  {
    _id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(64),
    quantity: quantitySchema,
  },
  objectBody,
);

/**
 * POST /payments/intent. The amount is never taken from the client: the server prices the
 * caller's book cart, or these course ids, from its own data. An empty cart is answered 400
 * 'Your cart is empty'.
 */
export const paymentIntentBodySchema = z
  .discriminatedUnion(
    'source',
    [
      z.strictObject({ source: z.literal('books'), shipping: shippingAddressSchema }, objectBody),
      z.strictObject(
        {
          source: z.literal('courses'),
          items: z
            .array(courseItemSchema, { error: 'Must be an array' })
            .max(
              CHECKOUT_LIMITS.maxCourseLines,
              `Must hold at most ${CHECKOUT_LIMITS.maxCourseLines} courses`,
            ),
          /**
           * Not needed (D62): ignored when sent, so a page loaded before the change still pays.
           * The buyer's name and email come from the account.
           */
          shipping: shippingAddressSchema.optional(),
        },
        objectBody,
      ),
    ],
    { error: "source: Must be 'books' or 'courses'" },
  )
  .meta({
    examples: [
      {
        source: 'courses',
        items: [{ _id: 'c-02', quantity: 1 }],
      },
      {
        source: 'books',
        shipping: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'student@learntogether.test',
          country: 'Canada',
          address: '12 Analytical Row',
          city: 'Toronto',
          state: 'Ontario',
          postalCode: 'M5V 2T6',
        },
      },
    ],
  });

/** The client secret Stripe.js confirms, and the amount the server computed, in dollars. */
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  amount: z.number().positive(),
  /** Book-cart lines not paid for (sold out, or gone from the catalogue), by name. */
  leftOut: z.array(z.string()),
  /**
   * Until when the checkout's books are held for the shopper (ISO time; docs/product.md §10.9):
   * paying later still works while copies are left. Null when nothing is held (courses).
   */
  heldUntil: z.iso.datetime().nullable(),
});

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type CheckoutShipping = z.infer<typeof checkoutShippingSchema>;

/** Whether a checkout's buyer has an address to ship to (a book checkout), or none (courses). */
export function hasAddress(shipping: CheckoutShipping): shipping is ShippingAddress {
  return 'address' in shipping;
}
export type CourseItem = z.infer<typeof courseItemSchema>;
export type PaymentIntentBody = z.infer<typeof paymentIntentBodySchema>;
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/** POST /payments/webhook (Stripe only): the answer once an event is handled or ignored. */
export const paymentWebhookResponseSchema = z.object({ received: z.literal(true) });
