// The probe's forgery: an unsigned (`alg: none`) Firebase ID token naming the admin's address,
// traded for an access token at PUT /api/user/:email. Tried against every way the server starts.
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { clusterIdentity, clusterIdentityEnv } from '../../scripts/lib/cluster-identity';
import { bearer, buildAccountsApp, exchange } from './helpers/accounts';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { emulatorHost, signUp, uniqueEmail, unsignedIdToken } from './helpers/firebase-emulator';

const opened: TestApp[] = [];
afterAll(async () => {
  for (const t of opened) await t.close();
});

/** What the attacker sends: their own account's uid, the admin's address, "verified". */
function forgedFor(adminEmail: string, uid: string): string {
  return unsignedIdToken({ uid, email: adminEmail, email_verified: true });
}

describe('production (npm start, the compiled server, start:cluster with a real project)', () => {
  it('refuses to start with the Auth Emulator, so no unsigned token is ever verified', () => {
    for (const FIREBASE_PROJECT_ID of ['demo-learntogether', 'my-real-project']) {
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          ACCESS_TOKEN_SECRET: 'x'.repeat(40),
          FIREBASE_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        }),
      ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: Not allowed in production/);
    }
    // start:cluster runs production only for a real project, and then without the emulator.
    const real = clusterIdentityEnv(clusterIdentity({ FIREBASE_PROJECT_ID: 'shop-prod' }, 9700));
    expect(real).toEqual({ NODE_ENV: 'production', env: { FIREBASE_PROJECT_ID: 'shop-prod' } });
    expect(() =>
      clusterIdentity(
        { FIREBASE_PROJECT_ID: 'shop-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
        9700,
      ),
    ).toThrow(/real project/);
  });

  it('answers a forged token 401 (firebase-admin wants a signed RS256 token)', async () => {
    // Before any app in this file points firebase-admin at the emulator (it reads the env).
    const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      const t = await buildTestApp({
        seed: false,
        env: { FIREBASE_PROJECT_ID: 'my-real-project', ADMIN_EMAILS: 'boss@example.test' },
      });
      opened.push(t);
      const forged = unsignedIdToken({
        uid: 'attacker-uid',
        email: 'boss@example.test',
        email_verified: true,
        aud: 'my-real-project',
        iss: 'https://securetoken.google.com/my-real-project',
      });
      const res = await exchange(t.app, { idToken: forged, pathEmail: 'boss@example.test' });
      expect(res.statusCode).toBe(401);
    } finally {
      if (saved !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    }
  });
});

describe('FIREBASE_AUTH_EMULATOR_HOST of blanks (D53)', () => {
  it('counts as set: production refuses to start', () => {
    for (const blank of [' ', '  ', '\t']) {
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          ACCESS_TOKEN_SECRET: 'x'.repeat(40),
          FIREBASE_PROJECT_ID: 'my-real-project',
          FIREBASE_AUTH_EMULATOR_HOST: blank,
        }),
      ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: Not allowed in production/);
    }
    // Empty is unset (`NAME=` in an .env file).
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ACCESS_TOKEN_SECRET: 'x'.repeat(40),
        FIREBASE_AUTH_EMULATOR_HOST: '',
      }).FIREBASE_AUTH_EMULATOR_HOST,
    ).toBeUndefined();
  });

  it('is removed before firebase-admin reads it where the config names no emulator', async () => {
    const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    // What firebase-admin would take as "the emulator": it then checks no signature.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = ' ';
    try {
      const t = await buildTestApp({
        seed: false,
        env: {
          FIREBASE_PROJECT_ID: 'my-real-project',
          ADMIN_EMAILS: 'boss@example.test',
          FIREBASE_AUTH_EMULATOR_HOST: ' ',
        },
      });
      opened.push(t);
      expect(t.config.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
      const forged = unsignedIdToken({
        uid: 'attacker-uid',
        email: 'boss@example.test',
        email_verified: true,
        aud: 'my-real-project',
        iss: 'https://securetoken.google.com/my-real-project',
      });
      const res = await exchange(t.app, { idToken: forged, pathEmail: 'boss@example.test' });
      expect(res.statusCode).toBe(401);
      expect('FIREBASE_AUTH_EMULATOR_HOST' in process.env).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    }
  });
});

// Every way that runs the server on the Auth Emulator: npm run dev (NODE_ENV unset, so
// development), the e2e and scale stacks (test), and start:cluster without a real project (its
// local demo, with the identity environment start:cluster gives its processes).
const demo = clusterIdentityEnv(clusterIdentity({}, 9700));
const emulatorModes = [
  { name: 'npm run dev', env: { NODE_ENV: 'development' } },
  { name: 'the e2e and scale stacks', env: { NODE_ENV: 'test' } },
  {
    name: "start:cluster's local demo",
    env: { NODE_ENV: demo.NODE_ENV, HOST: demo.env.HOST ?? '' },
  },
] as const;

describe.each(emulatorModes)('$name (Auth Emulator)', (mode) => {
  const env = { ...mode.env, LOG_LEVEL: 'silent' };

  it('listens on loopback only: a HOST other machines reach is refused', () => {
    const emulator = { ...env, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() };
    expect(() => loadConfig({ ...emulator, HOST: '0.0.0.0' })).toThrow(/HOST: With/);
    expect(loadConfig(emulator).HOST).toBe('127.0.0.1');
    expect(loadConfig(emulator).NODE_ENV).not.toBe('production');
  });

  it("a forged token with the admin's address gets no access token, however it is made", async () => {
    const adminEmail = uniqueEmail('forged-admin');
    const t = await buildAccountsApp({ adminEmails: [adminEmail], env: { ...env } });
    opened.push(t);
    const admin = await signUp(adminEmail);
    const attacker = await signUp(uniqueEmail('attacker'), 'secret123', { verified: false });

    // The attacker's real account wearing the admin's address.
    const asAttacker = await exchange(t.app, {
      idToken: forgedFor(adminEmail, attacker.uid),
      pathEmail: adminEmail,
    });
    expect(asAttacker.statusCode).toBe(401);
    // An account that does not exist.
    const asNobody = await exchange(t.app, {
      idToken: forgedFor(adminEmail, 'no-such-uid'),
      pathEmail: adminEmail,
    });
    expect(asNobody.statusCode).toBe(401);
    // The attacker's own address, claiming "verified": the account says otherwise.
    const own = await exchange(t.app, {
      idToken: unsignedIdToken({ uid: attacker.uid, email: attacker.email, email_verified: true }),
      pathEmail: attacker.email,
    });
    expect(own.statusCode).toBe(200);
    expect(decodeJwt(own.json<{ token: string }>().token).role).toBe('user');

    // Control: the admin's own token does make an admin.
    const real = await exchange(t.app, { idToken: admin.idToken, pathEmail: adminEmail });
    expect(real.statusCode).toBe(200);
    expect(decodeJwt(real.json<{ token: string }>().token).role).toBe('admin');
  });

  it('an ADMIN_EMAILS address whose owner never verified it stays a user', async () => {
    const listed = uniqueEmail('unverified-admin');
    const t = await buildAccountsApp({ adminEmails: [listed], env: { ...env } });
    opened.push(t);
    const account = await signUp(listed, 'secret123', { verified: false });
    const res = await exchange(t.app, { idToken: account.idToken, pathEmail: listed });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ token: string }>().token;
    expect(decodeJwt(token).role).toBe('user');
    const isAdmin = await t.app.inject({
      url: `/api/admin/${encodeURIComponent(listed)}`,
      headers: bearer(token),
    });
    expect(isAdmin.json()).toBe(false);
  });
});
