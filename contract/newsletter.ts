import { z } from 'zod';

export const NEWSLETTER_MESSAGES = {
  created: 'Thanks for subscribing!',
  exists: 'You are already subscribed.',
} as const;

export const newsletterEmailSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be a string'),
  })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email address'));

export const newsletterBodySchema = z.strictObject(
  { email: newsletterEmailSchema },
  // Only the "not an object" case is reworded; unknown keys keep zod's `Unrecognized key: "x"`.
  {
    error: (issue) =>
      issue.code === 'invalid_type' ? 'Request body must be a JSON object' : undefined,
  },
);

export const newsletterResponseSchema = z.object({ message: z.string() });

export type NewsletterBody = z.infer<typeof newsletterBodySchema>;
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
