import { http, HttpResponse } from 'msw';
import {
  AUTH_MESSAGES,
  USER_MESSAGES,
  profileUpdateBodySchema,
  type UserSummary,
} from '@contract/users';
import { env } from '@/config/env';
import { addUser, db, findUser, type DbUser } from './db';
import { emailOfIdToken, makeAccessToken, verifyAccessToken } from './tokens';

// The account routes of the product API (DESIGN.md §3) over the in-memory users of db.ts.
const api = (path: string) => `${env.apiUrl}${path}`;

function apiError(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

const emailParam = (params: Record<string, string | readonly string[] | undefined>) =>
  String(params.email ?? '')
    .trim()
    .toLowerCase();

/** The signed-in caller (access token), or the 401/403 answer to send instead. */
function authenticate(request: Request): DbUser | Response {
  const token = bearerOf(request);
  if (!token) return apiError(401, 'unauthorized', AUTH_MESSAGES.missingAccessToken);
  const claims = verifyAccessToken(token);
  if (!claims) return apiError(401, 'unauthorized', AUTH_MESSAGES.invalidAccessToken);
  const user = findUser(claims.email);
  if (!user) return apiError(401, 'unauthorized', AUTH_MESSAGES.invalidAccessToken);
  return user;
}

function requireAdmin(request: Request): DbUser | Response {
  const caller = authenticate(request);
  if (caller instanceof Response) return caller;
  if (caller.role !== 'admin') return apiError(403, 'forbidden', AUTH_MESSAGES.adminsOnly);
  return caller;
}

const summary = ({ _id, email, role }: DbUser): UserSummary => ({ _id, email, role });

export const userHandlers = [
  http.put(api('/user/:email'), async ({ request, params }) => {
    const email = emailParam(params);
    const token = bearerOf(request);
    const tokenEmail = token ? emailOfIdToken(token) : null;
    if (!tokenEmail) return apiError(401, 'unauthorized', AUTH_MESSAGES.invalidIdToken);
    if (tokenEmail.toLowerCase() !== email) {
      return apiError(403, 'forbidden', USER_MESSAGES.tokenForAnotherAddress);
    }
    const body = (await request.json().catch(() => null)) as { email?: unknown } | null;
    if (typeof body?.email !== 'string' || body.email.trim().toLowerCase() !== email) {
      return apiError(400, 'bad_request', USER_MESSAGES.emailMismatch);
    }
    const user = findUser(email) ?? addUser(email);
    return HttpResponse.json({ token: makeAccessToken({ email, role: user.role }) });
  }),

  http.get(api('/admin/:email'), ({ request, params }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    if (caller.email !== emailParam(params)) {
      return apiError(403, 'forbidden', AUTH_MESSAGES.notYourAccount);
    }
    return HttpResponse.json(caller.role === 'admin');
  }),

  http.get(api('/userprofile/:email'), ({ request, params }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const email = emailParam(params);
    if (caller.email !== email && caller.role !== 'admin') {
      return apiError(403, 'forbidden', AUTH_MESSAGES.notYourAccount);
    }
    const user = findUser(email);
    if (!user) return apiError(404, 'not_found', USER_MESSAGES.notFound);
    return HttpResponse.json(user.profile);
  }),

  http.put(api('/userupdate/:email'), async ({ request, params }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    if (caller.email !== emailParam(params)) {
      return apiError(403, 'forbidden', AUTH_MESSAGES.notYourAccount);
    }
    const parsed = profileUpdateBodySchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) {
      const message = parsed.error.issues
        .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ` : '') + issue.message)
        .join('; ');
      return apiError(400, 'bad_request', message);
    }
    if (parsed.data.email !== caller.email) {
      return apiError(400, 'bad_request', USER_MESSAGES.emailMismatch);
    }
    const { name, education, social, phoneNumber, address } = parsed.data;
    caller.profile = { ...caller.profile, name, education, social, phoneNumber, address };
    return HttpResponse.json({ acknowledged: true });
  }),

  http.get(api('/allusers'), ({ request }) => {
    const caller = requireAdmin(request);
    if (caller instanceof Response) return caller;
    const users = [...db.users].sort((a, b) => a.email.localeCompare(b.email));
    return HttpResponse.json(users.map(summary));
  }),

  http.delete(api('/allusers/dlt/:email'), ({ request, params }) => {
    const caller = requireAdmin(request);
    if (caller instanceof Response) return caller;
    const email = emailParam(params);
    const target = findUser(email);
    if (!target) return apiError(404, 'not_found', USER_MESSAGES.notFound);
    if (target.email === caller.email) {
      return apiError(409, 'conflict', USER_MESSAGES.cannotDeleteSelf);
    }
    if (target.role === 'admin' && db.users.filter((u) => u.role === 'admin').length === 1) {
      return apiError(409, 'conflict', USER_MESSAGES.lastAdmin);
    }
    db.users = db.users.filter((user) => user.email !== email);
    return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
  }),

  http.put(api('/allusers/makeadmin/:email'), ({ request, params }) => {
    const caller = requireAdmin(request);
    if (caller instanceof Response) return caller;
    const target = findUser(emailParam(params));
    if (!target) return apiError(404, 'not_found', USER_MESSAGES.notFound);
    const modifiedCount = target.role === 'admin' ? 0 : 1;
    target.role = 'admin';
    return HttpResponse.json({ acknowledged: true, modifiedCount });
  }),
];
