import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import {
  deleteUserResponseSchema,
  emailParamsSchema,
  makeAdminResponseSchema,
  USER_MESSAGES,
  userListSchema,
} from '../../contract/users';
import { deleteUserAsAdmin, listUsers, makeAdmin } from '../db/repositories/users';
import { errorResponses } from '../plugins/errors';
import { requireCaller } from '../plugins/auth';

/** The admin's user list, delete and promote (the `admin` policy guards every route here). */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity } = app;

  app.get(
    '/allusers',
    { schema: { response: { 200: userListSchema, ...errorResponses } } },
    async () => listUsers(app.db),
  );

  app.delete(
    '/allusers/dlt/:email',
    {
      config: { rateLimit: 'adminWritePerAdmin' },
      schema: {
        params: emailParamsSchema,
        response: { 200: deleteUserResponseSchema, ...errorResponses },
      },
    },
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

  app.put(
    '/allusers/makeadmin/:email',
    {
      config: { rateLimit: 'adminWritePerAdmin' },
      schema: {
        params: emailParamsSchema,
        response: { 200: makeAdminResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await makeAdmin(app.db, request.params.email);
      if (!result.found) throw new DomainError('not-found', USER_MESSAGES.notFound);
      return { acknowledged: true as const, modifiedCount: result.modifiedCount };
    },
  );
};
