import { z } from 'zod';
import { emailSchema } from './email';

export const NEWSLETTER_MESSAGES = {
  created: 'Thanks for subscribing!',
  exists: 'You are already subscribed.',
} as const;

/** The subscriber's address: the API's one email schema (trimmed, lower-cased, validated). */
export const newsletterEmailSchema = emailSchema;

export const newsletterBodySchema = z
  .strictObject(
    { email: newsletterEmailSchema },
    // Only the "not an object" case is reworded; unknown keys keep zod's `Unrecognized key: "x"`.
    {
      error: (issue) =>
        issue.code === 'invalid_type' ? 'Request body must be a JSON object' : undefined,
    },
  )
  .meta({ examples: [{ email: 'reader@example.com' }] });

export const newsletterResponseSchema = z.object({ message: z.string() });
