import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsApp } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';

const LIMITS = { newsletterPerIp: 2 };
/** nginx, as the server sees it: every request comes from its address. */
const PROXY = '10.20.0.2';

function subscribe(app: FastifyInstance, forwardedFor: string, remoteAddress = PROXY) {
  return app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: uniqueEmail('proxied') },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
}

/** The status codes of `count` subscriptions in a row. */
async function statuses(count: number, send: () => ReturnType<typeof subscribe>) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) codes.push((await send()).statusCode);
  return codes;
}

describe('client addresses behind a proxy (TRUST_PROXY)', () => {
  const apps: TestApp[] = [];
  const build = async (env: Record<string, string>) => {
    const t = await buildAccountsApp({ adminEmails: [], limits: LIMITS, chat: false, env });
    apps.push(t);
    // What the per-IP limits count by.
    t.app.get('/test/ip', (request) => ({ ip: request.ip }));
    return t.app;
  };
  let hop: FastifyInstance;
  let listed: FastifyInstance;
  let off: FastifyInstance;

  beforeAll(async () => {
    [hop, listed, off] = await Promise.all([
      build({ TRUST_PROXY: '1' }),
      build({ TRUST_PROXY: `${PROXY},10.30.0.0/16` }),
      build({}),
    ]);
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it('TRUST_PROXY=1: per-IP limits count each client named by X-Forwarded-For', async () => {
    expect(await statuses(3, () => subscribe(hop, '203.0.113.10'))).toEqual([201, 201, 429]);
    // Another client through the same proxy has a budget of its own.
    expect(await statuses(3, () => subscribe(hop, '203.0.113.11'))).toEqual([201, 201, 429]);
  });

  it('TRUST_PROXY=1: the last entry counts, not one a client wrote in front of it', async () => {
    let forged = 0;
    const send = () => subscribe(hop, `198.51.100.${(forged += 1)}, 203.0.113.20`);
    expect(await statuses(3, send)).toEqual([201, 201, 429]);
    const ip = await hop.inject({
      url: '/test/ip',
      headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.20' },
      remoteAddress: PROXY,
    });
    expect(ip.json()).toEqual({ ip: '203.0.113.20' });
  });

  it('without TRUST_PROXY every client behind the proxy shares its budget', async () => {
    expect(await statuses(2, () => subscribe(off, '203.0.113.30'))).toEqual([201, 201]);
    expect((await subscribe(off, '203.0.113.31')).statusCode).toBe(429);
    const ip = await off.inject({
      url: '/test/ip',
      headers: { 'x-forwarded-for': '203.0.113.30' },
      remoteAddress: PROXY,
    });
    expect(ip.json()).toEqual({ ip: PROXY });
  });

  it('a list of proxies: X-Forwarded-For is believed from those addresses only', async () => {
    const ipOf = async (remoteAddress: string, forwardedFor: string) =>
      (
        await listed.inject({
          url: '/test/ip',
          headers: { 'x-forwarded-for': forwardedFor },
          remoteAddress,
        })
      ).json<{ ip: string }>().ip;
    expect(await ipOf(PROXY, '203.0.113.40')).toBe('203.0.113.40');
    // Two proxies of the list in a row: the client is the first address outside it.
    expect(await ipOf('10.30.4.5', '203.0.113.41, 10.20.0.2')).toBe('203.0.113.41');
    // A client talking to the server directly cannot pick its own address.
    expect(await ipOf('198.51.100.50', '203.0.113.42')).toBe('198.51.100.50');
  });
});
