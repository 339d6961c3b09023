import { z } from 'zod';
import { textSchema } from './text';

export { CHECKOUT_MESSAGES } from './checkout-rules';

/** An order (docs/product.md §3 "Order (booking)"): one paid line, priced in dollars per copy. */
export const orderSchema = z.object({
  _id: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
  price: z.number().positive(),
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

export type Order = z.infer<typeof orderSchema>;
