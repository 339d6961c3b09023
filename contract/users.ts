import { z } from 'zod';
import { emailSchema } from './email';
import { textSchema } from './text';
import { USER_ROLES } from './account-messages';

export { AUTH_MESSAGES, USER_MESSAGES } from './account-messages';
export const userRoleSchema = z.enum(USER_ROLES);

/** Params of every `/…/{email}` route. */
export const emailParamsSchema = z.object({ email: emailSchema });

// Only the "not an object" case is reworded; unknown keys keep zod's `Unrecognized key: "x"`.
const objectBody = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'Request body must be a JSON object' : undefined,
};

const maxText = (max: number) =>
  textSchema({ error: 'Must be a string' }).trim().max(max, `Must be at most ${max} characters`);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** PUT /user/{email}: exchange a Firebase ID token (bearer) for an access token. */
export const tokenExchangeBodySchema = z
  .strictObject({ email: emailSchema }, objectBody)
  .meta({ examples: [{ email: 'student@learntogether.test' }] });
export const tokenResponseSchema = z.object({ token: z.string() });

/** GET /admin/{email} */
export const isAdminResponseSchema = z.boolean();

/** GET /userprofile/{email}: every field is a string, `''` when unset. */
export const userProfileSchema = z.object({
  email: z.string(),
  name: z.string(),
  education: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  social: z.string(),
  /** ISO 8601 time the Firebase account was created, or `''` when not known. */
  signUpDate: z.string(),
});

/** PUT /userupdate/{email}. `role`, `_id` and any other field are rejected with 400. */
export const profileUpdateBodySchema = z
  .strictObject(
    {
      email: emailSchema,
      name: maxText(100),
      education: maxText(200),
      social: maxText(300).refine(
        (value) => value === '' || isHttpUrl(value),
        'Must be empty or an http(s) URL',
      ),
      phoneNumber: textSchema({ error: 'Must be a string' })
        .trim()
        .regex(/^(\+?\d{4,20})?$/, 'Must be empty or 4-20 digits, optionally starting with +'),
      address: maxText(300),
      /** Accepted for the original client's sake but never stored: the date comes from Firebase. */
      signUpDate: textSchema({ error: 'Must be a string' })
        .max(64, 'Must be at most 64 characters')
        .optional(),
    },
    objectBody,
  )
  .meta({
    examples: [
      {
        email: 'student@learntogether.test',
        name: 'Ada Lovelace',
        education: 'University of London',
        social: 'https://example.com/ada',
        phoneNumber: '+4912345678',
        address: '12 Analytical Row',
      },
    ],
  });

export const acknowledgedSchema = z.object({ acknowledged: z.literal(true) });

/** GET /allusers, ordered by email. */
export const userSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: userRoleSchema,
});
export const userListSchema = z.array(userSummarySchema);

/** DELETE /allusers/dlt/{email} */
export const deleteUserResponseSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.literal(1),
});

/**
 * PUT /allusers/makeadmin/{email} and …/removeadmin/{email}: `modifiedCount` is 0 when the user
 * already had that role.
 */
export const roleChangedResponseSchema = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.union([z.literal(0), z.literal(1)]),
});

export type UserRole = z.infer<typeof userRoleSchema>;
export type UserProfile = z.infer<typeof userProfileSchema>;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;
export type UserSummary = z.infer<typeof userSummarySchema>;
