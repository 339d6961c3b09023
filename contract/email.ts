import { z } from 'zod';
import { textSchema } from './text';

/** The longest address the API accepts (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * An email address, as every path and body of the API takes it: trimmed and lower-cased before
 * it is validated, so `" Ada@Example.COM "` and `ada@example.com` are the same account.
 */
export const emailSchema = textSchema({
  error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be a string'),
})
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(MAX_EMAIL_LENGTH, `Email must be at most ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email('Invalid email address'));
