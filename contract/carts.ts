import { z } from 'zod';
import { BOOK_LIMITS } from './book-rules';
import { CART_LIMITS } from './cart-rules';
import { MAX_EMAIL_LENGTH } from './email';
import { textSchema } from './text';

import { CART_LINE_STATUSES } from './cart-rules';

export { CART_LIMITS, CART_MESSAGES } from './cart-rules';

// Only the "not an object" case is reworded; unknown keys keep zod's `Unrecognized key: "x"`.
const objectBody = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'Request body must be a JSON object' : undefined,
};

const quantitySchema = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(CART_LIMITS.minQuantity, `Must be at least ${CART_LIMITS.minQuantity}`)
  .max(CART_LIMITS.maxQuantity, `Must be at most ${CART_LIMITS.maxQuantity}`);

/** A line of the signed-in user's book cart (docs/product.md §3), priced in dollars. */
export const cartLineSchema = z.object({
  _id: z.string(),
  /** The catalogue's book; null for a line whose book was deleted before books were kept. */
  bookId: z.string().nullable(),
  /** The catalogue's name and price now (a price change shows at once). */
  name: z.string(),
  price: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  image: z.string(),
  /** The owner's address (always the caller's). */
  email: z.string(),
  /**
   * Whether checkout can pay for it: `sold-out` and `removed` (left the catalogue) lines stay in
   * the cart but are left out of the payment.
   */
  status: z.enum(CART_LINE_STATUSES),
  /** Copies the shopper can order now (0 for a line that is not available). */
  stock: z.number().int().nonnegative(),
});
export const cartLineListSchema = z.array(cartLineSchema);

/**
 * POST /cart. The book is named by `bookId`; name, price, image and email are accepted because the
 * original client sends them (typed and bounded), but ignored: the server takes them from the
 * catalogue and the token.
 * A book already in the cart gets `quantity` more (200); a new one is a new line (201).
 */
export const addToCartBodySchema = z.strictObject(
  {
    bookId: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(64),
    quantity: quantitySchema.optional(),
    // Typed and bounded although unused, so nothing arbitrary (a deep nesting) passes through.
    name: textSchema({ error: 'Must be a string' })
      .max(BOOK_LIMITS.nameMaxLength, `Must be at most ${BOOK_LIMITS.nameMaxLength} characters`)
      .optional(),
    price: z
      .number({ error: 'Must be a number' })
      .min(0, 'Must be at least 0')
      .max(BOOK_LIMITS.maxPrice, `Must be at most ${BOOK_LIMITS.maxPrice}`)
      .optional(),
    image: textSchema({ error: 'Must be a string' })
      .max(2048, 'Must be at most 2048 characters')
      .optional(),
    email: textSchema({ error: 'Must be a string' })
      .max(MAX_EMAIL_LENGTH, `Must be at most ${MAX_EMAIL_LENGTH} characters`)
      .optional(),
  },
  objectBody,
);

/** PUT /carts/quantity/{id} */
export const cartQuantityBodySchema = z
  .strictObject({ quantity: quantitySchema }, objectBody)
  .meta({ examples: [{ quantity: 2 }] });

/** Params of the routes that name one cart line. */
export const cartLineParamsSchema = z.object({
  id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(64),
});

/** DELETE /carts/delete/{id} */
export const cartLineDeletedSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.literal(1),
});

export type CartLine = z.infer<typeof cartLineSchema>;
export type AddToCartBody = z.infer<typeof addToCartBodySchema>;
