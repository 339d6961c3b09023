import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { userRoleSchema, type UserRole } from '../../contract/users';

export const ACCESS_TOKEN_ISSUER = 'learntogether';
export const ACCESS_TOKEN_AUDIENCE = 'learntogether-api';
export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;

/**
 * `uid` is the account (its Firebase uid, users.firebase_uid) and the token's subject; `email`
 * only finds its row. A token names the account, not the address: an address deleted and signed
 * up again is a new account, which an old token does not open (docs/decisions.md D53).
 */
export type AccessTokenClaims = { uid: string; email: string; role: UserRole };

/** A verified token's claims, and when it stops being accepted (ms since the epoch). */
export type VerifiedAccessToken = AccessTokenClaims & { expiresAt: number };

/** Thrown for any token that must not be accepted; the caller answers 401. */
export class InvalidAccessTokenError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'InvalidAccessTokenError';
  }
}

const payloadSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(1),
  role: userRoleSchema,
  exp: z.number(),
});

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token; throws InvalidAccessTokenError otherwise. */
  verify(token: string): Promise<VerifiedAccessToken>;
}

/** HS256 JWTs signed with the server's ACCESS_TOKEN_SECRET (docs/architecture.md §7). */
export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
        .setSubject(claims.uid)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key),

    async verify(token) {
      let payload: unknown;
      try {
        // Pinning the algorithm rejects `alg: none` and any attempt to switch algorithms.
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ACCESS_TOKEN_ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) {
          throw new InvalidAccessTokenError(error.code, { cause: error });
        }
        throw new InvalidAccessTokenError('malformed token', { cause: error });
      }
      const claims = payloadSchema.safeParse(payload);
      if (!claims.success) throw new InvalidAccessTokenError('unexpected claims');
      return {
        uid: claims.data.sub,
        email: claims.data.email,
        role: claims.data.role,
        expiresAt: claims.data.exp * 1000,
      };
    },
  };
}
