import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import {
  AUTH_MESSAGES,
  USER_MESSAGES,
  userListSchema,
  userProfileSchema,
  type ProfileUpdateBody,
} from '../../contract/users';
import {
  deleteUserAsAdmin,
  removeAdminAsAdmin,
  upsertOnSignIn,
  wouldRemoveLastAdmin,
} from '../../server/db/repositories/users';
import { bearer, buildAccountsApp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { accountExists, uniqueEmail } from './helpers/firebase-emulator';

const at = (email: string) => encodeURIComponent(email);

function errorOf(res: { json: () => unknown }) {
  return apiErrorSchema.parse(res.json()).error;
}

// One app for the file; every test signs up its own users.
const adminEmail = uniqueEmail('users-admin');
let t: TestApp;
let admin: SignedIn;

/**
 * Test-only: a request carrying HOLD_HEADER waits, once authenticated and before the route's
 * own checks and handler, until the test releases it. Lets a test line up a race exactly.
 */
const HOLD_HEADER = 'x-test-hold';
const holds = new Map<string, { arrive: () => void; released: Promise<void> }>();

function hold(key: string) {
  let arrive = () => undefined as void;
  let release = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  holds.set(key, { arrive, released });
  return { key, arrived, release };
}

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [adminEmail], seed: true });
  // Root hooks run before the route-level ones, so before the policy's preHandler.
  t.app.addHook('preHandler', async (request) => {
    const entry = holds.get(String(request.headers[HOLD_HEADER]));
    if (!entry) return;
    entry.arrive();
    await entry.released;
  });
  admin = await signIn(t.app, adminEmail);
});
afterAll(async () => {
  await t.close();
});

function profileOf(caller: SignedIn, email = caller.email) {
  return t.app.inject({
    method: 'GET',
    url: `/api/userprofile/${at(email)}`,
    headers: bearer(caller.accessToken),
  });
}

function update(caller: SignedIn, payload: unknown, email = caller.email) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/userupdate/${at(email)}`,
    headers: bearer(caller.accessToken),
    payload: payload as object,
  });
}

async function userRow(email: string) {
  const [row] = await t.db.query<Record<string, unknown>>('select * from users where email = $1', [
    email,
  ]);
  return row;
}

/** Runs `fn` while `emails` are the only admins; the others are restored afterwards. */
async function withOnlyAdmins<T>(emails: string[], fn: () => Promise<T>): Promise<T> {
  const demoted = await t.db.query<{ email: string }>(
    "update users set role = 'user' where role = 'admin' and email <> all($1) returning email",
    [emails],
  );
  await t.db.query("update users set role = 'admin' where email = any($1)", [emails]);
  try {
    return await fn();
  } finally {
    await t.db.query("update users set role = 'admin' where email = any($1)", [
      demoted.map((row) => row.email),
    ]);
  }
}

function validBody(email: string): ProfileUpdateBody {
  return {
    email,
    name: 'Ada Lovelace',
    education: 'University of London',
    social: 'https://example.test/ada',
    phoneNumber: '+441234567890',
    address: '12 St James’s Square, London',
    signUpDate: '1999-12-31T23:59:59.000Z',
  };
}

describe('GET /api/userprofile/:email and PUT /api/userupdate/:email', () => {
  it('starts with empty strings and the Firebase sign-up date', async () => {
    const user = await signIn(t.app, 'fresh-profile');
    const res = await profileOf(user);
    expect(res.statusCode).toBe(200);
    const profile = userProfileSchema.parse(res.json());
    expect(profile).toEqual({
      email: user.email,
      name: '',
      education: '',
      phoneNumber: '',
      address: '',
      social: '',
      signUpDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Object.keys(res.json<object>()).sort()).toEqual(
      ['address', 'education', 'email', 'name', 'phoneNumber', 'signUpDate', 'social'].sort(),
    );
  });

  it('updates the profile (trimmed), visible through userprofile; signUpDate stays Firebase’s', async () => {
    const user = await signIn(t.app, 'update');
    const before = userProfileSchema.parse((await profileOf(user)).json());
    const body = validBody(user.email);
    const res = await update(user, {
      ...body,
      name: `  ${body.name} `,
      address: ` ${body.address}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true });

    const after = userProfileSchema.parse((await profileOf(user)).json());
    expect(after).toEqual({
      email: user.email,
      name: body.name,
      education: body.education,
      phoneNumber: body.phoneNumber,
      address: body.address,
      social: body.social,
      signUpDate: before.signUpDate,
    });
    expect(after.signUpDate).not.toBe(body.signUpDate);
  });

  it('accepts empty optional fields and a body without signUpDate', async () => {
    const user = await signIn(t.app, 'empty');
    const res = await update(user, {
      email: user.email,
      name: '',
      education: '',
      social: '',
      phoneNumber: '',
      address: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('fills a missing sign-up date from Firebase, never from the client', async () => {
    const user = await signIn(t.app, 'no-date');
    await t.db.query('update users set sign_up_date = null where email = $1', [user.email]);
    expect(userProfileSchema.parse((await profileOf(user)).json()).signUpDate).toBe('');
    const res = await update(user, validBody(user.email));
    expect(res.statusCode).toBe(200);
    const { signUpDate } = userProfileSchema.parse((await profileOf(user)).json());
    expect(signUpDate).not.toBe('');
    expect(signUpDate).not.toBe(validBody(user.email).signUpDate);
    expect(Math.abs(Date.parse(signUpDate) - Date.now())).toBeLessThan(60_000);
  });

  it('normalises an upper-case, padded address in the path and body', async () => {
    const user = await signIn(t.app, 'case');
    const shouty = ` ${user.email.toUpperCase()}  `;
    const res = await update(user, validBody(shouty), shouty);
    expect(res.statusCode).toBe(200);
    const profile = await profileOf(user, shouty);
    expect(profile.statusCode).toBe(200);
    expect(userProfileSchema.parse(profile.json()).name).toBe('Ada Lovelace');
  });

  it.each<[string, (email: string) => Record<string, unknown>, string]>([
    ['a role', (email) => ({ ...validBody(email), role: 'admin' }), 'Unrecognized key: "role"'],
    ['an _id', (email) => ({ ...validBody(email), _id: 'x' }), 'Unrecognized key: "_id"'],
    [
      'an unknown field',
      (email) => ({ ...validBody(email), isAdmin: true }),
      'Unrecognized key: "isAdmin"',
    ],
    [
      'a phone number with letters',
      (email) => ({ ...validBody(email), phoneNumber: '12ab34' }),
      'phoneNumber: Must be empty or 4-20 digits, optionally starting with +',
    ],
    [
      'a too short phone number',
      (email) => ({ ...validBody(email), phoneNumber: '123' }),
      'phoneNumber: ',
    ],
    [
      'a too long phone number',
      (email) => ({ ...validBody(email), phoneNumber: '1'.repeat(21) }),
      'phoneNumber: ',
    ],
    [
      'a phone number with spaces inside',
      (email) => ({ ...validBody(email), phoneNumber: '+49 123 456' }),
      'phoneNumber: ',
    ],
    [
      'a numeric phone number',
      (email) => ({ ...validBody(email), phoneNumber: 1234567 }),
      'phoneNumber: ',
    ],
    [
      'a social link that is not a URL',
      (email) => ({ ...validBody(email), social: 'my profile' }),
      'social: Must be empty or an http(s) URL',
    ],
    [
      'a javascript: social link',
      (email) => ({ ...validBody(email), social: 'javascript:alert(1)' }),
      'social: Must be empty or an http(s) URL',
    ],
    [
      'a too long name',
      (email) => ({ ...validBody(email), name: 'n'.repeat(101) }),
      'name: Must be at most 100 characters',
    ],
    [
      'a too long education',
      (email) => ({ ...validBody(email), education: 'e'.repeat(201) }),
      'education: Must be at most 200 characters',
    ],
    [
      'a too long address',
      (email) => ({ ...validBody(email), address: 'a'.repeat(301) }),
      'address: Must be at most 300 characters',
    ],
    [
      'a too long signUpDate',
      (email) => ({ ...validBody(email), signUpDate: 'd'.repeat(65) }),
      'signUpDate: Must be at most 64 characters',
    ],
    [
      'a NUL byte in the name',
      (email) => ({ ...validBody(email), name: 'Ada\u0000' }),
      'name: Must not contain a NUL character',
    ],
    [
      'a NUL byte in the address',
      (email) => ({ ...validBody(email), address: '\u0000' }),
      'address: Must not contain a NUL character',
    ],
    [
      'a NUL byte in the signUpDate',
      (email) => ({ ...validBody(email), signUpDate: '2024\u0000' }),
      'signUpDate: Must not contain a NUL character',
    ],
    ['a missing field', (email) => ({ email, name: 'x' }), 'education: '],
    [
      'another address in the body',
      () => validBody('someone-else@example.test'),
      USER_MESSAGES.emailMismatch,
    ],
    [
      'an array body',
      (email) => [validBody(email)] as unknown as Record<string, unknown>,
      'Request body must be a JSON object',
    ],
  ])('rejects %s with 400 and changes nothing', async (_label, makeBody, message) => {
    const user = await signIn(t.app, 'reject');
    expect((await update(user, validBody(user.email))).statusCode).toBe(200);
    const before = await userRow(user.email);

    const res = await update(user, makeBody(user.email));
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('bad_request');
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(await userRow(user.email)).toEqual(before);
  });

  it('serves a user whose address is longer than 100 characters', async () => {
    const local = `${'a'.repeat(40)}-${randomUUID().slice(0, 8)}`;
    const user = await signIn(t.app, `${local}@${'b'.repeat(60)}.example.test`);
    expect(user.email.length).toBeGreaterThan(120);
    expect((await update(user, validBody(user.email))).statusCode).toBe(200);
    const profile = await profileOf(user);
    expect(profile.statusCode).toBe(200);
    expect(userProfileSchema.parse(profile.json()).email).toBe(user.email);
  });

  it('lets an admin read any profile, and answers 404 for an unknown user', async () => {
    const user = await signIn(t.app, 'read-by-admin');
    const res = await profileOf(admin, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email });

    const missing = await profileOf(admin, uniqueEmail('missing'));
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: USER_MESSAGES.notFound });
  });
});

describe('GET /api/admin/:email', () => {
  it('answers false for a user and true for an admin, and follows a promotion at once', async () => {
    const user = await signIn(t.app, 'flag');
    const ask = (caller: SignedIn) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/${at(caller.email)}`,
        headers: bearer(caller.accessToken),
      });
    const no = await ask(user);
    expect(no.statusCode).toBe(200);
    expect(no.headers['content-type']).toMatch(/^application\/json/);
    expect(no.body).toBe('false');
    expect((await ask(admin)).body).toBe('true');

    const promoted = await t.app.inject({
      method: 'PUT',
      url: `/api/allusers/makeadmin/${at(user.email)}`,
      headers: bearer(admin.accessToken),
    });
    expect(promoted.statusCode).toBe(200);
    expect((await ask(user)).body).toBe('true');
  });
});

describe('admin actions', () => {
  const list = (caller?: SignedIn) =>
    t.app.inject({
      method: 'GET',
      url: '/api/allusers',
      headers: caller ? bearer(caller.accessToken) : {},
    });
  const remove = (email: string, caller?: SignedIn, holdKey?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${at(email)}`,
      headers: {
        ...(caller ? bearer(caller.accessToken) : {}),
        ...(holdKey ? { [HOLD_HEADER]: holdKey } : {}),
      },
    });
  const promote = (email: string, caller?: SignedIn) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/allusers/makeadmin/${at(email)}`,
      headers: caller ? bearer(caller.accessToken) : {},
    });

  it('answers 401 to visitors and 403 to non-admins, and changes nothing', async () => {
    const user = await signIn(t.app, 'not-admin');
    const target = await signIn(t.app, 'target');
    for (const res of [await list(), await remove(target.email), await promote(target.email)]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({
        code: 'unauthorized',
        message: AUTH_MESSAGES.missingAccessToken,
      });
    }
    for (const res of [
      await list(user),
      await remove(target.email, user),
      await promote(target.email, user),
      await promote(user.email, user),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ code: 'forbidden', message: AUTH_MESSAGES.adminsOnly });
    }
    expect(await userRow(target.email)).toMatchObject({ role: 'user' });
    expect(await userRow(user.email)).toMatchObject({ role: 'user' });
  });

  it('lists every user as { _id, email, role }, ordered by email', async () => {
    const a = await signIn(t.app, 'list-b');
    const b = await signIn(t.app, 'list-a');
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const users = userListSchema.parse(res.json());
    const emails = users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(users).toContainEqual({ _id: expect.any(String), email: a.email, role: 'user' });
    expect(users).toContainEqual({ _id: expect.any(String), email: b.email, role: 'user' });
    expect(users).toContainEqual({ _id: expect.any(String), email: admin.email, role: 'admin' });
    for (const u of res.json<object[]>())
      expect(Object.keys(u).sort()).toEqual(['_id', 'email', 'role']);
  });

  it('promotes a user (modifiedCount 1), then reports 0 for an admin, and 404 for nobody', async () => {
    const user = await signIn(t.app, 'promote');
    const first = await promote(` ${user.email.toUpperCase()} `, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const again = await promote(user.email, admin);
    expect(again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await list(user)).statusCode).toBe(200);

    const nobody = await promote(uniqueEmail('nobody'), admin);
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody)).toEqual({ code: 'not_found', message: USER_MESSAGES.notFound });
    expect((await promote('not-an-email', admin)).statusCode).toBe(400);
  });

  it('deletes a user with their Firebase account, cart lines and orders', async () => {
    const victim = await signIn(t.app, 'victim');
    const bystander = await signIn(t.app, 'bystander');
    const [book] = await t.db.query<{ id: string }>('select id from books limit 1');
    for (const email of [victim.email, bystander.email]) {
      await t.db.query(
        `insert into cart_lines (user_email, book_id, name, price_cents, quantity, image)
         values ($1, $2, 'A book', 1299, 2, '/img.jpg')`,
        [email, book?.id],
      );
      await t.db.query(
        `insert into orders (user_email, book_id, name, quantity, price_cents, shipping, payment_intent_id)
         values ($1, $2, 'A book', 1, 1299, $3, 'pi_test')`,
        [email, book?.id, JSON.stringify({ city: 'Berlin' })],
      );
    }
    expect(await accountExists(victim.email)).toBe(true);

    const res = await remove(` ${victim.email.toUpperCase()}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    const count = async (
      table: 'users' | 'cart_lines' | 'orders',
      column: string,
      email: string,
    ) => {
      const [row] = await t.db.query<{ n: number }>(
        `select count(*)::integer as n from ${table} where ${column} = $1`,
        [email],
      );
      return row?.n;
    };
    expect(await count('users', 'email', victim.email)).toBe(0);
    expect(await count('cart_lines', 'user_email', victim.email)).toBe(0);
    expect(await count('orders', 'user_email', victim.email)).toBe(0);
    expect(await accountExists(victim.email)).toBe(false);
    // Nobody else's rows go with them.
    expect(await count('cart_lines', 'user_email', bystander.email)).toBe(1);
    expect(await count('orders', 'user_email', bystander.email)).toBe(1);
    expect(await accountExists(bystander.email)).toBe(true);

    // Their access token no longer works, and a second delete finds nobody.
    expect((await profileOf(victim)).statusCode).toBe(401);
    const again = await remove(victim.email, admin);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again)).toEqual({ code: 'not_found', message: USER_MESSAGES.notFound });
  });

  it('deletes a user who has no Firebase account any more', async () => {
    const email = uniqueEmail('row-only');
    await t.db.query('insert into users (email) values ($1)', [email]);
    const res = await remove(email, admin);
    expect(res.statusCode).toBe(200);
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses to let an admin delete themself (409)', async () => {
    const res = await remove(admin.email.toUpperCase(), admin);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'conflict', message: USER_MESSAGES.cannotDeleteSelf });
    expect(await userRow(admin.email)).toBeDefined();
    expect(await accountExists(admin.email)).toBe(true);
  });

  it('lets one admin delete another', async () => {
    const other = await signIn(t.app, 'second-admin');
    await promote(other.email, admin);
    expect((await remove(other.email, admin)).statusCode).toBe(200);
    expect(await accountExists(other.email)).toBe(false);
  });

  it('answers 409 to the second of two admins deleting each other (the last admin stays)', async () => {
    const a = await signIn(t.app, 'duel-a');
    const b = await signIn(t.app, 'duel-b');
    await withOnlyAdmins([a.email, b.email], async () => {
      // Both requests pass the admin check before either deletes: the race the rule is for.
      const holdA = hold('a-deletes-b');
      const holdB = hold('b-deletes-a');
      const aDeletesB = remove(b.email, a, holdA.key);
      const bDeletesA = remove(a.email, b, holdB.key);
      await Promise.all([holdA.arrived, holdB.arrived]);

      holdA.release();
      expect((await aDeletesB).statusCode).toBe(200);
      holdB.release();
      const refused = await bDeletesA;
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({ code: 'conflict', message: USER_MESSAGES.lastAdmin });

      expect(await userRow(a.email)).toMatchObject({ role: 'admin' });
      expect(await accountExists(a.email)).toBe(true);
    });
  });
});

describe('PUT /api/allusers/removeadmin/:email', () => {
  const demote = (email: string, caller?: SignedIn, holdKey?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/allusers/removeadmin/${at(email)}`,
      headers: {
        ...(caller ? bearer(caller.accessToken) : {}),
        ...(holdKey ? { [HOLD_HEADER]: holdKey } : {}),
      },
    });
  const promote = (email: string, caller: SignedIn) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/allusers/makeadmin/${at(email)}`,
      headers: bearer(caller.accessToken),
    });
  const remove = (email: string, caller: SignedIn, holdKey: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/allusers/dlt/${at(email)}`,
      headers: { ...bearer(caller.accessToken), [HOLD_HEADER]: holdKey },
    });
  const isAdmin = async (caller: SignedIn) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/${at(caller.email)}`,
        headers: bearer(caller.accessToken),
      })
    ).body;

  /** A signed-in user promoted by the configured admin. */
  async function secondAdmin(label: string): Promise<SignedIn> {
    const other = await signIn(t.app, label);
    expect((await promote(other.email, admin)).statusCode).toBe(200);
    return other;
  }

  it('removes another admin’s rights (modifiedCount 1) at once; 0 for a non-admin', async () => {
    const other = await secondAdmin('demoted');
    expect(await isAdmin(other)).toBe('true');

    const res = await demote(` ${other.email.toUpperCase()} `, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await userRow(other.email)).toMatchObject({ role: 'user' });
    // Their token still works, but as a user's: the role is read from the database at each call.
    expect(await isAdmin(other)).toBe('false');
    expect((await demote(admin.email, other)).statusCode).toBe(403);

    const again = await demote(other.email, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it('answers 404 for nobody, 400 for a bad address, 401 to visitors and 403 to non-admins', async () => {
    const nobody = await demote(uniqueEmail('nobody'), admin);
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody)).toEqual({ code: 'not_found', message: USER_MESSAGES.notFound });
    expect((await demote('not-an-email', admin)).statusCode).toBe(400);

    const user = await signIn(t.app, 'demote-stranger');
    const visitor = await demote(admin.email);
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).message).toBe(AUTH_MESSAGES.missingAccessToken);
    const stranger = await demote(admin.email, user);
    expect(stranger.statusCode).toBe(403);
    expect(errorOf(stranger)).toEqual({ code: 'forbidden', message: AUTH_MESSAGES.adminsOnly });
    expect(await userRow(admin.email)).toMatchObject({ role: 'admin' });
  });

  it('refuses to remove one’s own rights (409)', async () => {
    const other = await secondAdmin('self-demote');
    for (const caller of [admin, other]) {
      const res = await demote(caller.email.toUpperCase(), caller);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: 'conflict',
        message: USER_MESSAGES.cannotRemoveOwnAdmin,
      });
      expect(await isAdmin(caller)).toBe('true');
    }
  });

  it('refuses to remove the rights of an admin named in ADMIN_EMAILS (409)', async () => {
    const other = await secondAdmin('demotes-configured');
    const res = await demote(admin.email, other);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'conflict', message: USER_MESSAGES.configuredAdmin });
    expect(await isAdmin(admin)).toBe('true');
  });

  it('answers 409 to the second of two admins demoting each other (the last admin stays)', async () => {
    const a = await secondAdmin('demote-duel-a');
    const b = await secondAdmin('demote-duel-b');
    await withOnlyAdmins([a.email, b.email], async () => {
      // Both requests pass the admin check before either writes: the race the rule is for.
      const holdA = hold('a-demotes-b');
      const holdB = hold('b-demotes-a');
      const aDemotesB = demote(b.email, a, holdA.key);
      const bDemotesA = demote(a.email, b, holdB.key);
      await Promise.all([holdA.arrived, holdB.arrived]);

      holdA.release();
      expect((await aDemotesB).statusCode).toBe(200);
      holdB.release();
      const refused = await bDemotesA;
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({
        code: 'conflict',
        message: USER_MESSAGES.lastAdminRights,
      });
      expect(await userRow(a.email)).toMatchObject({ role: 'admin' });
      expect(await userRow(b.email)).toMatchObject({ role: 'user' });
    });
  });

  it('answers 409 to a demotion racing a deletion of the other last admin', async () => {
    const a = await secondAdmin('mixed-duel-a');
    const b = await secondAdmin('mixed-duel-b');
    await withOnlyAdmins([a.email, b.email], async () => {
      const holdA = hold('a-deletes-b');
      const holdB = hold('b-demotes-a');
      const aDeletesB = remove(b.email, a, holdA.key);
      const bDemotesA = demote(a.email, b, holdB.key);
      await Promise.all([holdA.arrived, holdB.arrived]);

      holdA.release();
      expect((await aDeletesB).statusCode).toBe(200);
      holdB.release();
      const refused = await bDemotesA;
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused).message).toBe(USER_MESSAGES.lastAdminRights);
      expect(await userRow(a.email)).toMatchObject({ role: 'admin' });
    });
  });
});

describe('the last-admin rule (repository)', () => {
  const add = async (label: string, isAdmin: boolean) => {
    const email = uniqueEmail(label);
    await upsertOnSignIn(t.db, {
      email,
      firebaseUid: `uid-${email}`,
      isConfiguredAdmin: isAdmin,
      signUpDate: null,
    });
    return email;
  };

  it('holds as a rule', () => {
    expect(wouldRemoveLastAdmin({ email: 'a@x.test', role: 'admin' }, ['a@x.test'])).toBe(true);
    expect(
      wouldRemoveLastAdmin({ email: 'a@x.test', role: 'admin' }, ['a@x.test', 'b@x.test']),
    ).toBe(false);
    expect(wouldRemoveLastAdmin({ email: 'u@x.test', role: 'user' }, ['a@x.test'])).toBe(false);
    expect(wouldRemoveLastAdmin({ email: 'u@x.test', role: 'user' }, [])).toBe(false);
  });

  it('refuses to delete the only admin, whoever asks', async () => {
    const onlyAdmin = await add('only-admin', true);
    const plain = await add('plain', false);
    await withOnlyAdmins([onlyAdmin], async () => {
      const beforeDelete = async () => {
        throw new Error('must not be reached');
      };
      expect(
        await deleteUserAsAdmin(t.db, { email: onlyAdmin, callerEmail: plain, beforeDelete }),
      ).toBe('last-admin');
      expect(await deleteUserAsAdmin(t.db, { email: onlyAdmin, callerEmail: onlyAdmin })).toBe(
        'self',
      );
      expect(
        await deleteUserAsAdmin(t.db, { email: uniqueEmail('ghost'), callerEmail: plain }),
      ).toBe('not-found');
    });
    expect(await userRow(onlyAdmin)).toMatchObject({ role: 'admin' });
  });

  it('lets exactly one of two concurrent admin-deletes through', async () => {
    const one = await add('duel-1', true);
    const two = await add('duel-2', true);
    await withOnlyAdmins([one, two], async () => {
      const outcomes = await Promise.all([
        deleteUserAsAdmin(t.db, { email: one, callerEmail: two }),
        deleteUserAsAdmin(t.db, { email: two, callerEmail: one }),
      ]);
      expect(outcomes.sort()).toEqual(['deleted', 'last-admin']);
      const admins = await t.db.query("select email from users where role = 'admin'");
      expect(admins).toHaveLength(1);
    });
  });

  it('refuses to demote the only admin, and lets one of two concurrent demotions through', async () => {
    const one = await add('demote-1', true);
    const two = await add('demote-2', true);
    const plain = await add('demote-plain', false);
    const configuredAdmins: string[] = [];
    await withOnlyAdmins([one], async () => {
      expect(
        await removeAdminAsAdmin(t.db, { email: one, callerEmail: plain, configuredAdmins }),
      ).toBe('last-admin');
      expect(
        await removeAdminAsAdmin(t.db, { email: plain, callerEmail: one, configuredAdmins }),
      ).toBe('not-admin');
    });
    await withOnlyAdmins([one, two], async () => {
      const outcomes = await Promise.all([
        removeAdminAsAdmin(t.db, { email: one, callerEmail: two, configuredAdmins }),
        removeAdminAsAdmin(t.db, { email: two, callerEmail: one, configuredAdmins }),
      ]);
      expect(outcomes.sort()).toEqual(['last-admin', 'removed']);
      const admins = await t.db.query("select email from users where role = 'admin'");
      expect(admins).toHaveLength(1);
    });
  });

  it('keeps the row when the Firebase deletion fails', async () => {
    const keep = await add('keep', false);
    await expect(
      deleteUserAsAdmin(t.db, {
        email: keep,
        callerEmail: admin.email,
        beforeDelete: async () => {
          throw new Error('firebase is down');
        },
      }),
    ).rejects.toThrow('firebase is down');
    expect(await userRow(keep)).toBeDefined();
  });
});
