import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { NEWSLETTER_BUSY_MESSAGE } from '../../server/rate-limit';
import { bearer, buildAccountsApp, freshIp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';

const LIMITS = { profileUpdatePerUser: 3, adminWritePerAdmin: 2, newsletterTotal: 4 };

const at = (email: string) => encodeURIComponent(email);

function expectTooMany(res: LightMyRequestResponse, message?: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const { error } = apiErrorSchema.parse(res.json());
  expect(error.code).toBe('too_many_requests');
  if (message) expect(error.message).toBe(message);
}

describe('rate limits on writes', () => {
  const adminEmails = [uniqueEmail('limits-admin'), uniqueEmail('limits-admin2')];
  let t: TestApp;
  let admin: SignedIn;
  let otherAdmin: SignedIn;

  beforeAll(async () => {
    t = await buildAccountsApp({ adminEmails, limits: LIMITS });
    admin = await signIn(t.app, adminEmails[0] ?? '');
    otherAdmin = await signIn(t.app, adminEmails[1] ?? '');
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = (caller: SignedIn) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/userupdate/${at(caller.email)}`,
      headers: bearer(caller.accessToken),
      payload: {
        email: caller.email,
        name: 'Ada',
        education: '',
        social: '',
        phoneNumber: '',
        address: '',
      },
    });

  it(`allows each user ${LIMITS.profileUpdatePerUser} profile updates a minute`, async () => {
    const user = await signIn(t.app, 'limits-user');
    const neighbour = await signIn(t.app, 'limits-neighbour');
    for (let i = 0; i < LIMITS.profileUpdatePerUser; i += 1) {
      expect((await profile(user)).statusCode).toBe(200);
    }
    expectTooMany(await profile(user));
    // Counted per user, not per client address: the neighbour (same IP) is unaffected.
    expect((await profile(neighbour)).statusCode).toBe(200);
  });

  it(`allows each admin ${LIMITS.adminWritePerAdmin} promotions, deletions and demotions a minute`, async () => {
    const users = await Promise.all(['a', 'b', 'c', 'd'].map((n) => signIn(t.app, `limits-${n}`)));
    const promote = (caller: SignedIn, user: SignedIn) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/allusers/makeadmin/${at(user.email)}`,
        headers: bearer(caller.accessToken),
      });
    const remove = (caller: SignedIn, user: SignedIn) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/allusers/dlt/${at(user.email)}`,
        headers: bearer(caller.accessToken),
      });
    const [a, b, c, d] = users as [SignedIn, SignedIn, SignedIn, SignedIn];

    expect((await promote(admin, a)).statusCode).toBe(200);
    expect((await promote(admin, b)).statusCode).toBe(200);
    expectTooMany(await promote(admin, c));
    expect((await promote(otherAdmin, c)).statusCode).toBe(200);

    expect((await remove(admin, c)).statusCode).toBe(200);
    expect((await remove(admin, d)).statusCode).toBe(200);
    expectTooMany(await remove(admin, a));

    // Removing admin rights counts apart too (a and b are admins now).
    const demote = (caller: SignedIn, user: SignedIn) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/allusers/removeadmin/${at(user.email)}`,
        headers: bearer(caller.accessToken),
      });
    expect((await demote(admin, a)).statusCode).toBe(200);
    expect((await demote(admin, b)).statusCode).toBe(200);
    expectTooMany(await demote(admin, a));
  });

  it('does not count requests the access policy refused', async () => {
    const user = await signIn(t.app, 'limits-stranger');
    for (let i = 0; i < LIMITS.adminWritePerAdmin + 2; i += 1) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/allusers/makeadmin/${at(user.email)}`,
        headers: bearer(user.accessToken),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it(`takes at most ${LIMITS.newsletterTotal} subscriptions a minute from all clients together`, async () => {
    const subscribe = (email: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email },
        remoteAddress: freshIp(),
      });
    // Refused requests do not use up everyone's budget.
    expect((await subscribe('not-an-address')).statusCode).toBe(400);
    for (let i = 0; i < LIMITS.newsletterTotal; i += 1) {
      expect((await subscribe(uniqueEmail(`crowd${i}`))).statusCode).toBe(201);
    }
    expectTooMany(await subscribe(uniqueEmail('crowd-late')), NEWSLETTER_BUSY_MESSAGE);
  });
});
