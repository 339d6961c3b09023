import { z } from 'zod';

export const NUL_MESSAGE = 'Must not contain a NUL character';

/**
 * The start of every text schema the API accepts (path params, query, bodies): PostgreSQL cannot
 * store U+0000 in text, so it is refused here with a 400 instead of failing in the database.
 */
export function textSchema(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !value.includes('\u0000'), { message: NUL_MESSAGE, abort: true });
}
