import { HttpResponse } from 'msw';
import { wouldRemoveLastAdmin } from '@contract/last-admin';
import { USER_MESSAGES, type UserSummary } from '@contract/users';
import { ApiFailure, apiRoute } from './api-route';
import { addUser, db, findUser, type DbUser } from './db';
import { makeAccessToken } from './tokens';

// The account routes of the product API (docs/architecture.md §3) over the in-memory users of db.ts. Who may
// call them, and how their input is checked, come from contract/ through apiRoute.

const summary = ({ _id, email, role }: DbUser): UserSummary => ({ _id, email, role });

function existingUser(email: string): DbUser {
  const user = findUser(email);
  if (!user) throw new ApiFailure(404, USER_MESSAGES.notFound);
  return user;
}

export const userHandlers = [
  apiRoute('PUT /api/user/:email', {
    handle: ({ params: { email }, body }) => {
      if (body.email !== email) throw new ApiFailure(400, USER_MESSAGES.emailMismatch);
      const user = findUser(email) ?? addUser(email);
      return HttpResponse.json({
        token: makeAccessToken({ email, role: user.role, account: user._id }),
      });
    },
  }),

  apiRoute('GET /api/admin/:email', {
    handle: ({ caller }) => HttpResponse.json(caller?.role === 'admin'),
  }),

  apiRoute('GET /api/userprofile/:email', {
    handle: ({ params: { email } }) => HttpResponse.json(existingUser(email).profile),
  }),

  apiRoute('PUT /api/userupdate/:email', {
    handle: ({ params: { email }, body }) => {
      if (body.email !== email) throw new ApiFailure(400, USER_MESSAGES.emailMismatch);
      const user = existingUser(email);
      // As on the server, the client's signUpDate is never stored.
      const { name, education, social, phoneNumber, address } = body;
      user.profile = { ...user.profile, name, education, social, phoneNumber, address };
      return HttpResponse.json({ acknowledged: true });
    },
  }),

  apiRoute('GET /api/allusers', {
    handle: () => {
      const users = [...db.users].sort((a, b) => a.email.localeCompare(b.email));
      return HttpResponse.json(users.map(summary));
    },
  }),

  apiRoute('DELETE /api/allusers/dlt/:email', {
    handle: ({ params: { email }, caller }) => {
      if (email === caller?.email) throw new ApiFailure(409, USER_MESSAGES.cannotDeleteSelf);
      const target = existingUser(email);
      const admins = db.users.filter((user) => user.role === 'admin').map((user) => user.email);
      if (wouldRemoveLastAdmin(target, admins)) {
        throw new ApiFailure(409, USER_MESSAGES.lastAdmin);
      }
      db.users = db.users.filter((user) => user.email !== email);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    },
  }),

  apiRoute('PUT /api/allusers/makeadmin/:email', {
    handle: ({ params: { email } }) => {
      const target = existingUser(email);
      const modifiedCount = target.role === 'admin' ? 0 : 1;
      target.role = 'admin';
      return HttpResponse.json({ acknowledged: true, modifiedCount });
    },
  }),

  // The fakes have no ADMIN_EMAILS: the server's 409 for a configured admin is not modelled.
  apiRoute('PUT /api/allusers/removeadmin/:email', {
    handle: ({ params: { email }, caller }) => {
      if (email === caller?.email) throw new ApiFailure(409, USER_MESSAGES.cannotRemoveOwnAdmin);
      const target = existingUser(email);
      if (target.role !== 'admin') {
        return HttpResponse.json({ acknowledged: true, modifiedCount: 0 });
      }
      const admins = db.users.filter((user) => user.role === 'admin').map((user) => user.email);
      if (wouldRemoveLastAdmin(target, admins)) {
        throw new ApiFailure(409, USER_MESSAGES.lastAdminRights);
      }
      target.role = 'user';
      return HttpResponse.json({ acknowledged: true, modifiedCount: 1 });
    },
  }),
];
