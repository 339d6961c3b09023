import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { USER_MESSAGES } from '../../contract/users';
import {
  deleteUserAsAdmin,
  listUsers,
  makeAdmin,
  removeAdminAsAdmin,
} from '../db/repositories/users';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';

/** The admin's user list, delete, promote and demote (the `admin` policy guards every route here). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app;

  apiRoute(app, 'GET /api/allusers', {}, async () => listUsers(app.db));

  apiRoute(
    app,
    'DELETE /api/allusers/dlt/:email',
    { config: { rateLimit: 'adminWritePerAdmin' } },
    async (request) => {
      const { email } = request.params;
      const caller = requireCaller(request);
      let deletedId: string | undefined;
      const outcome = await deleteUserAsAdmin(app.db, {
        email,
        callerEmail: caller.email,
        // Firebase first: if it fails, the row stays and the admin can simply retry.
        beforeDelete: async (user) => {
          deletedId = user.id;
          await identity.deleteUserByEmail(email);
        },
      });
      // Its open chat sockets, on every process, end now (not at their token's expiry).
      if (outcome === 'deleted' && deletedId) await app.chatSessions.endSessionsOf(deletedId);
      switch (outcome) {
        case 'not-found':
          throw new DomainError('not-found', USER_MESSAGES.notFound);
        case 'self':
          throw new DomainError('conflict', USER_MESSAGES.cannotDeleteSelf);
        case 'last-admin':
          throw new DomainError('conflict', USER_MESSAGES.lastAdmin);
        case 'deleted':
          return { acknowledged: true as const, deletedCount: 1 as const };
      }
    },
  );

  apiRoute(
    app,
    'PUT /api/allusers/makeadmin/:email',
    { config: { rateLimit: 'adminWritePerAdmin' } },
    async (request) => {
      const result = await makeAdmin(app.db, request.params.email);
      if (!result.found) throw new DomainError('not-found', USER_MESSAGES.notFound);
      return { acknowledged: true as const, modifiedCount: result.modifiedCount };
    },
  );

  apiRoute(
    app,
    'PUT /api/allusers/removeadmin/:email',
    { config: { rateLimit: 'adminWritePerAdmin' } },
    async (request) => {
      const outcome = await removeAdminAsAdmin(app.db, {
        email: request.params.email,
        callerEmail: requireCaller(request).email,
        // Their token exchange makes them admin again (server/auth/configured-admins.ts).
        configuredAdmins: app.config.ADMIN_EMAILS,
      });
      switch (outcome) {
        case 'not-found':
          throw new DomainError('not-found', USER_MESSAGES.notFound);
        case 'self':
          throw new DomainError('conflict', USER_MESSAGES.cannotRemoveOwnAdmin);
        case 'configured-admin':
          throw new DomainError('conflict', USER_MESSAGES.configuredAdmin);
        case 'last-admin':
          throw new DomainError('conflict', USER_MESSAGES.lastAdminRights);
        case 'not-admin':
          return { acknowledged: true as const, modifiedCount: 0 as const };
        case 'removed':
          return { acknowledged: true as const, modifiedCount: 1 as const };
      }
    },
  );
};
