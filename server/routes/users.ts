import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { USER_MESSAGES } from '../../contract/users';
import { grantsConfiguredAdmin } from '../auth/configured-admins';
import type { IdentityProvider } from '../auth/firebase';
import { findUserByEmail, updateProfile, upsertOnSignIn } from '../db/repositories/users';
import { apiRoute } from '../plugins/api-route';

/** The account's creation time from Firebase; a failure only postpones it to a later call. */
async function creationTime(
  identity: IdentityProvider,
  uid: string | null,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!uid) return null;
  try {
    return await identity.getCreationTime(uid);
  } catch (error) {
    log.warn({ err: error }, 'could not read the Firebase account creation time');
    return null;
  }
}

/** The caller's own account: token exchange, admin flag and profile. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, accessTokens } = app;

  apiRoute(
    app,
    'PUT /api/user/:email',
    // Per client IP; the per-address limit is below, once the address is proved.
    { config: { rateLimit: 'tokenExchangePerIp' } },
    async (request, reply) => {
      const { email } = request.params;
      const verified = request.firebaseIdentity;
      if (!verified) throw new Error('the firebase-self policy did not run');

      // Counted once the ID token proved the address, so strangers cannot lock it out.
      await app.rateLimiter.enforce('tokenExchangePerAddress', email, reply);
      if (request.body.email !== email)
        throw new DomainError('invalid', USER_MESSAGES.emailMismatch);

      const existing = await findUserByEmail(app.db, email);
      const signUpDate = existing?.hasSignUpDate
        ? null
        : await creationTime(identity, verified.uid, request.log);
      const user = await upsertOnSignIn(app.db, {
        email,
        firebaseUid: verified.uid,
        isConfiguredAdmin: grantsConfiguredAdmin(app.config, verified),
        signUpDate,
        name: verified.name,
      });
      // The token names this account (its Firebase uid), not only the address (D53).
      return {
        token: await accessTokens.sign({ uid: verified.uid, email: user.email, role: user.role }),
      };
    },
  );

  apiRoute(
    app,
    'GET /api/admin/:email',
    {},
    // The `self` policy loaded the caller (who is the path's user) with the role as stored now.
    async (request) => request.caller?.role === 'admin',
  );

  apiRoute(app, 'GET /api/userprofile/:email', {}, async (request) => {
    const user = await findUserByEmail(app.db, request.params.email);
    if (!user) throw new DomainError('not-found', USER_MESSAGES.notFound);
    return user.profile;
  });

  apiRoute(
    app,
    'PUT /api/userupdate/:email',
    { config: { rateLimit: 'profileUpdatePerUser' } },
    async (request) => {
      const { email } = request.params;
      const body = request.body;
      if (body.email !== email) throw new DomainError('invalid', USER_MESSAGES.emailMismatch);

      const user = await findUserByEmail(app.db, email);
      if (!user) throw new DomainError('not-found', USER_MESSAGES.notFound);
      // The client's signUpDate is never stored: the date comes from Firebase, once.
      const signUpDate = user.hasSignUpDate
        ? null
        : await creationTime(identity, user.firebaseUid, request.log);
      const updated = await updateProfile(
        app.db,
        email,
        {
          name: body.name,
          education: body.education,
          phoneNumber: body.phoneNumber,
          address: body.address,
          social: body.social,
        },
        signUpDate,
      );
      if (!updated) throw new DomainError('not-found', USER_MESSAGES.notFound);
      return { acknowledged: true as const };
    },
  );
};
