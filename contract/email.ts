import { z } from 'zod';

/**
 * An email address, as every path and body of the API takes it: trimmed and lower-cased before
 * it is validated, so `" Ada@Example.COM "` and `ada@example.com` are the same account.
 */
export const emailSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be a string'),
  })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email address'));
