import { decodeProtectedHeader, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { AUTH_MESSAGES, tokenResponseSchema, USER_MESSAGES } from '../../contract/users';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  createAccessTokens,
  InvalidAccessTokenError,
} from '../../server/auth/access-token';
import { grantsConfiguredAdmin } from '../../server/auth/configured-admins';
import {
  bearer,
  buildAccountsApp,
  exchange,
  freshIp,
  signIn,
  type SignedIn,
} from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { signUp, uniqueEmail, unsignedIdToken } from './helpers/firebase-emulator';

const LIMITS = { tokenExchangePerIp: 5, tokenExchangePerAddress: 3 };

function errorOf(res: { json: () => unknown }) {
  return apiErrorSchema.parse(res.json()).error;
}

// One app for the file: every exchange comes from a fresh client IP, and every test uses
// fresh addresses, so the small limits only bite where a test means them to.
const adminEmail = uniqueEmail('exchange-admin');
let t: TestApp;
let secret: Uint8Array;

beforeAll(async () => {
  t = await buildAccountsApp({ adminEmails: [adminEmail], limits: LIMITS });
  secret = new TextEncoder().encode(t.config.ACCESS_TOKEN_SECRET);
});
afterAll(async () => {
  await t.close();
});

describe('PUT /api/user/:email (token exchange)', () => {
  async function userRow(email: string) {
    const [row] = await t.db.query<{
      email: string;
      role: string;
      firebase_uid: string | null;
      sign_up_date: Date | null;
    }>('select email, role, firebase_uid, sign_up_date from users where email = $1', [email]);
    return row;
  }

  it('answers an access token naming the account (uid), its email and role, and creates the user', async () => {
    const before = Math.floor(Date.now() / 1000);
    const account = await signUp(uniqueEmail('new'));
    const res = await exchange(t.app, { idToken: account.idToken, pathEmail: account.email });
    expect(res.statusCode).toBe(200);
    const { token } = tokenResponseSchema.parse(res.json());

    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const { payload } = await jwtVerify(token, secret, {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: account.uid, email: account.email, role: 'user' });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(2 * 60 * 60);

    const row = await userRow(account.email);
    expect(row).toMatchObject({ email: account.email, role: 'user', firebase_uid: account.uid });
    // The Firebase account's creation time, a moment ago.
    expect(Math.abs((row?.sign_up_date?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('gives an ADMIN_EMAILS address the admin role', async () => {
    const admin = await signIn(t.app, adminEmail);
    const { payload } = await jwtVerify(admin.accessToken, secret);
    expect(payload.role).toBe('admin');
    expect((await userRow(adminEmail))?.role).toBe('admin');
  });

  it('requires a verified address for ADMIN_EMAILS, in demo projects too', () => {
    const listed = { ADMIN_EMAILS: ['boss@example.test'] };
    const boss = (emailVerified: boolean) => ({ email: 'boss@example.test', emailVerified });
    expect(grantsConfiguredAdmin(listed, boss(true))).toBe(true);
    // Anyone may sign up with an address they do not own; only verification proves it.
    expect(grantsConfiguredAdmin(listed, boss(false))).toBe(false);
    expect(grantsConfiguredAdmin(listed, { email: 'else@example.test', emailVerified: true })).toBe(
      false,
    );
    expect(grantsConfiguredAdmin(listed, { email: null })).toBe(false);
  });

  it('keeps a stored role and sign-up date at the next exchange', async () => {
    const user = await signIn(t.app, 'returning');
    await t.db.query(
      "update users set role = 'admin', sign_up_date = '2020-01-02T03:04:05Z' where email = $1",
      [user.email],
    );
    const res = await exchange(t.app, { idToken: user.idToken, pathEmail: user.email });
    expect(res.statusCode).toBe(200);
    const { payload } = await jwtVerify(res.json<{ token: string }>().token, secret);
    expect(payload.role).toBe('admin');
    expect((await userRow(user.email))?.sign_up_date?.toISOString()).toBe(
      '2020-01-02T03:04:05.000Z',
    );
  });

  it("fills an empty profile name with the account's display name, and keeps a name once set", async () => {
    const account = await signUp(uniqueEmail('named'), 'secret123', {
      displayName: 'Lena Learner',
    });
    expect(
      (await exchange(t.app, { idToken: account.idToken, pathEmail: account.email })).statusCode,
    ).toBe(200);
    const nameOf = async () =>
      (
        await t.db.query<{ name: string }>('select name from users where email = $1', [
          account.email,
        ])
      )[0]?.name;
    expect(await nameOf()).toBe('Lena Learner');
    await t.db.query("update users set name = 'Lena L.' where email = $1", [account.email]);
    expect(
      (await exchange(t.app, { idToken: account.idToken, pathEmail: account.email })).statusCode,
    ).toBe(200);
    expect(await nameOf()).toBe('Lena L.');
  });

  it('normalises upper-case and padded addresses in the path and body', async () => {
    const account = await signUp(uniqueEmail('mixed'));
    const shouty = `  ${account.email.toUpperCase()} `;
    const res = await exchange(t.app, {
      idToken: account.idToken,
      pathEmail: shouty,
      bodyEmail: shouty,
    });
    expect(res.statusCode).toBe(200);
    const { payload } = await jwtVerify(res.json<{ token: string }>().token, secret);
    expect(payload.email).toBe(account.email);
    expect((await userRow(account.email))?.email).toBe(account.email);
  });

  it('answers 403 when the ID token belongs to another address', async () => {
    const a = await signUp(uniqueEmail('holder'));
    const b = uniqueEmail('victim');
    const res = await exchange(t.app, { idToken: a.idToken, pathEmail: b });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'forbidden',
      message: USER_MESSAGES.tokenForAnotherAddress,
    });
    expect(await userRow(b)).toBeUndefined();
  });

  it('answers 400 when the body names another address than the path', async () => {
    const a = await signUp(uniqueEmail('body'));
    const res = await exchange(t.app, {
      idToken: a.idToken,
      pathEmail: a.email,
      bodyEmail: uniqueEmail('other'),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(USER_MESSAGES.emailMismatch);
    expect(await userRow(a.email)).toBeUndefined();
  });

  it.each([
    [
      'a malformed path address',
      'not-an-email',
      { email: 'not-an-email' },
      'email: Invalid email address',
    ],
    [
      'an unknown body field',
      'x@example.test',
      { email: 'x@example.test', role: 'admin' },
      'Unrecognized key: "role"',
    ],
    ['a missing body email', 'x@example.test', {}, 'email: Email is required'],
  ])('answers 400 for %s', async (_label, pathEmail, payload, message) => {
    const a = await signUp(uniqueEmail('bad-request'));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${pathEmail}`,
      headers: bearer(a.idToken),
      payload,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ code: 'bad_request', message });
  });

  describe('rejects ID tokens that must not be accepted with 401', () => {
    it('no Authorization header, or not a bearer', async () => {
      const email = uniqueEmail('nobody');
      const missing = await exchange(t.app, { pathEmail: email });
      expect(missing.statusCode).toBe(401);
      expect(errorOf(missing)).toEqual({
        code: 'unauthorized',
        message: AUTH_MESSAGES.missingIdToken,
      });
      const basic = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${email}`,
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
        payload: { email },
        remoteAddress: freshIp(),
      });
      expect(basic.statusCode).toBe(401);
    });

    it.each([
      ['garbage', () => 'not.a.token'],
      ['a random string', () => 'abc'],
    ])('%s', async (_label, token) => {
      const email = uniqueEmail('garbage');
      const res = await exchange(t.app, { idToken: token(), pathEmail: email });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual({ code: 'unauthorized', message: AUTH_MESSAGES.invalidIdToken });
    });

    it('a well-formed token of the right project is accepted (control for the cases below)', async () => {
      // The emulator-aware verifier does not check signatures, so the cases below fail on
      // their claims alone, and this one proves the crafted token is otherwise acceptable.
      const account = await signUp(uniqueEmail('control'));
      const token = unsignedIdToken({ uid: account.uid, email: account.email });
      const res = await exchange(t.app, { idToken: token, pathEmail: account.email });
      expect(res.statusCode).toBe(200);
    });

    it('a token for another Firebase project', async () => {
      const account = await signUp(uniqueEmail('project'));
      const token = unsignedIdToken({
        uid: account.uid,
        email: account.email,
        aud: 'someone-elses-project',
        iss: 'https://securetoken.google.com/someone-elses-project',
      });
      const res = await exchange(t.app, { idToken: token, pathEmail: account.email });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(AUTH_MESSAGES.invalidIdToken);
    });

    it('an expired token', async () => {
      const account = await signUp(uniqueEmail('expired'));
      const past = Math.floor(Date.now() / 1000) - 7200;
      const token = unsignedIdToken({
        uid: account.uid,
        email: account.email,
        iat: past,
        auth_time: past,
        exp: past + 3600,
      });
      const res = await exchange(t.app, { idToken: token, pathEmail: account.email });
      expect(res.statusCode).toBe(401);
    });

    it('an access token instead of an ID token', async () => {
      const user = await signIn(t.app, 'swap');
      const res = await exchange(t.app, { idToken: user.accessToken, pathEmail: user.email });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('rate limits', () => {
    it(`allows ${LIMITS.tokenExchangePerAddress} exchanges a minute per address, from any client`, async () => {
      const account = await signUp(uniqueEmail('limited'));
      for (let i = 0; i < LIMITS.tokenExchangePerAddress; i += 1) {
        const ok = await exchange(t.app, { idToken: account.idToken, pathEmail: account.email });
        expect(ok.statusCode).toBe(200);
      }
      const limited = await exchange(t.app, {
        idToken: account.idToken,
        pathEmail: account.email,
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorOf(limited).code).toBe('too_many_requests');
      expect(errorOf(limited).message).toMatch(
        /^Too many sign-ins for this address, try again in \d+ seconds?$/,
      );

      // Another address is unaffected.
      const other = await signUp(uniqueEmail('unlimited'));
      const fine = await exchange(t.app, { idToken: other.idToken, pathEmail: other.email });
      expect(fine.statusCode).toBe(200);
    });

    it('does not let strangers use up an address’s allowance', async () => {
      const account = await signUp(uniqueEmail('target'));
      const stranger = await signUp(uniqueEmail('stranger'));
      for (let i = 0; i < LIMITS.tokenExchangePerAddress + 2; i += 1) {
        const res = await exchange(t.app, { idToken: stranger.idToken, pathEmail: account.email });
        expect(res.statusCode).toBe(403);
      }
      const own = await exchange(t.app, { idToken: account.idToken, pathEmail: account.email });
      expect(own.statusCode).toBe(200);
    });

    it(`allows ${LIMITS.tokenExchangePerIp} exchanges a minute per client IP, whatever the address`, async () => {
      const ip = freshIp();
      for (let i = 0; i < LIMITS.tokenExchangePerIp; i += 1) {
        const account = await signUp(uniqueEmail('ip'));
        const res = await exchange(t.app, {
          idToken: account.idToken,
          pathEmail: account.email,
          ip,
        });
        expect(res.statusCode).toBe(200);
      }
      const account = await signUp(uniqueEmail('ip'));
      const limited = await exchange(t.app, {
        idToken: account.idToken,
        pathEmail: account.email,
        ip,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(errorOf(limited)).toEqual({
        code: 'too_many_requests',
        message: 'Too many requests, try again in 1 minute',
      });
      // Failed attempts count too, and other clients are unaffected.
      const elsewhere = await exchange(t.app, {
        idToken: account.idToken,
        pathEmail: account.email,
      });
      expect(elsewhere.statusCode).toBe(200);
    });
  });
});

describe('access tokens', () => {
  const otherSecret = new TextEncoder().encode('another-secret-that-is-also-long-enough-0123');
  let user: SignedIn;

  beforeAll(async () => {
    user = await signIn(t.app, 'token-user');
  });

  /** A self-only route: the simplest place to see whether a token is accepted. */
  function isAdmin(headers: Record<string, string>, email = user.email) {
    return t.app.inject({ method: 'GET', url: `/api/admin/${email}`, headers });
  }

  function claims(email = user.email, role = 'user', uid = user.uid) {
    return new SignJWT({ email, role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(uid)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt();
  }

  it('accepts the token from the exchange', async () => {
    const res = await isAdmin(bearer(user.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(false);
  });

  it('accepts a token it signed itself with the same claims (control for the cases below)', async () => {
    const token = await claims().setExpirationTime('1h').sign(secret);
    expect((await isAdmin(bearer(token))).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await isAdmin({});
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      code: 'unauthorized',
      message: AUTH_MESSAGES.missingAccessToken,
    });
    expect((await isAdmin({ authorization: `Token ${user.accessToken}` })).statusCode).toBe(401);
    expect((await isAdmin({ authorization: 'Bearer' })).statusCode).toBe(401);
  });

  it.each<[string, () => Promise<string>]>([
    ['malformed', async () => 'this-is-not-a-jwt'],
    ['truncated', async () => user.accessToken.slice(0, -5)],
    [
      'expired',
      () =>
        claims()
          .setIssuedAt(Math.floor(Date.now() / 1000) - 7300)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
          .sign(secret),
    ],
    ['signed with another secret', () => claims().setExpirationTime('1h').sign(otherSecret)],
    [
      'unsigned (alg none)',
      async () =>
        new UnsecuredJWT({ email: user.email, role: 'user' })
          .setSubject(user.uid)
          .setIssuer(ACCESS_TOKEN_ISSUER)
          .setAudience(ACCESS_TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'signed with HS512',
      () =>
        new SignJWT({ email: user.email, role: 'user' })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(user.uid)
          .setIssuer(ACCESS_TOKEN_ISSUER)
          .setAudience(ACCESS_TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(t.config.ACCESS_TOKEN_SECRET.repeat(2))),
    ],
    [
      'from another issuer',
      () => claims().setIssuer('someone-else').setExpirationTime('1h').sign(secret),
    ],
    [
      'for another audience',
      () => claims().setAudience('another-api').setExpirationTime('1h').sign(secret),
    ],
    ['without an expiry', () => claims().sign(secret)],
    [
      'with a subject that is not its account',
      () => claims().setSubject('another-firebase-uid').setExpirationTime('1h').sign(secret),
    ],
    [
      'with its address as the subject (the shape issued before D53)',
      () => claims().setSubject(user.email).setExpirationTime('1h').sign(secret),
    ],
    ['without a subject', () => claims().setSubject('').setExpirationTime('1h').sign(secret)],
  ])('answers 401 for a %s token', async (_label, makeToken) => {
    const res = await isAdmin(bearer(await makeToken()));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      code: 'unauthorized',
      message: AUTH_MESSAGES.invalidAccessToken,
    });
  });

  it('answers 401 once the user no longer exists', async () => {
    const gone = await signIn(t.app, 'gone');
    await t.db.query('delete from users where email = $1', [gone.email]);
    const res = await isAdmin(bearer(gone.accessToken), gone.email);
    expect(res.statusCode).toBe(401);
  });

  it('decides on the role stored now, not the one in the token', async () => {
    // A correctly signed token claiming admin does not make its user one.
    const forged = await claims(user.email, 'admin').setExpirationTime('1h').sign(secret);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/allusers',
      headers: bearer(forged),
    });
    expect(denied.statusCode).toBe(403);

    // A promotion counts at once, with the token issued before it.
    const promoted = await signIn(t.app, 'promoted');
    await t.db.query("update users set role = 'admin' where email = $1", [promoted.email]);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/allusers',
      headers: bearer(promoted.accessToken),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('signs and verifies outside a request, and throws InvalidAccessTokenError', async () => {
    const tokens = createAccessTokens(t.config.ACCESS_TOKEN_SECRET);
    const token = await tokens.sign({ uid: 'uid-a', email: 'a@example.test', role: 'admin' });
    const verified = await tokens.verify(token);
    expect(verified).toEqual({
      uid: 'uid-a',
      email: 'a@example.test',
      role: 'admin',
      expiresAt: expect.any(Number),
    });
    // The expiry the chat ends a session at: the token's own `exp`.
    expect(verified.expiresAt - Date.now()).toBeGreaterThan((ACCESS_TOKEN_TTL_SECONDS - 60) * 1000);
    expect(verified.expiresAt - Date.now()).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_SECONDS * 1000);
    await expect(createAccessTokens('x'.repeat(40)).verify(token)).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
  });
});
