// Two product-server processes behind nginx on one PostgreSQL and one Redis: what one process
// does, the other sees (issue: "What must hold across processes").
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/migrate';
import { startScaleStack, signUpAndSignIn, type ScaleStack } from '../../scripts/lib/scale-stack';
import { TINY_PNG } from '../server/helpers/multipart';
import { ChatMember } from './support/chat-member';
import {
  call,
  eventually,
  firstPageBookIds,
  SCALE_PORTS,
  SCALE_SERVER_DIR,
  scaleSkipReason,
  SHIPPING,
  sleep,
} from './support/scale-env';

const skip = await scaleSkipReason();
if (skip) console.warn(`scale tests (cross-process): SKIPPED, ${skip}`);

let counter = 0;
const unique = (label: string) => `${label}-${Date.now()}-${counter++}@example.test`;

// Its own address too: under `npm test` the Auth Emulator is the run's shared one (D94).
const ADMIN = unique('scale-admin');

describe.skipIf(skip)('two processes behind nginx, one PostgreSQL, one Redis', () => {
  let stack: ScaleStack;
  let a: string;
  let b: string;
  const members: ChatMember[] = [];

  beforeAll(async () => {
    // Webhooks go to process B, so a payment begun on A is finished by the other process.
    stack = await startScaleStack({
      ports: SCALE_PORTS,
      serverDir: SCALE_SERVER_DIR,
      adminEmails: [ADMIN],
      webhookTo: { backend: 1 },
    });
    const [backendA, backendB] = stack.cluster.backends;
    a = backendA?.url ?? '';
    b = backendB?.url ?? '';
  });

  afterAll(async () => {
    for (const member of members) member.close();
    await stack?.stop();
  });

  it('ran each migration once, though the processes started together on an empty database', async () => {
    const client = new pg.Client({ connectionString: stack.postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: string }>(
        'select name, count(*) as times from schema_migrations group by name order by name',
      );
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
      expect(rows.map((row) => row.name)).toEqual(files);
      expect(rows.every((row) => row.times === '1')).toBe(true);
      const books = await client.query<{ n: string }>('select count(*) as n from books');
      expect(Number(books.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it('a chat message sent through A reaches a client on B, in order, once', async () => {
    const [sender, reader] = await Promise.all([
      signUpAndSignIn(stack, a, unique('chat-sender')),
      signUpAndSignIn(stack, b, unique('chat-reader')),
    ]);
    const onA = await ChatMember.join(a, sender.accessToken, 'Python');
    const onB = await ChatMember.join(b, reader.accessToken, 'Python');
    members.push(onA, onB);

    const sent: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Within the per-user message rate (a burst of 5, then 2 a second).
      if (i >= 4) await sleep(520);
      const ack = await onA.send(`across processes #${i}`);
      if (!ack.ok) throw new Error(ack.error);
      sent.push(ack.message._id);
    }
    await eventually(async () => expect(onB.hasAll(sent)).toBe(true), 10_000);
    await sleep(300); // a late second copy would show here
    expect(onB.arrivals).toEqual(sent);
    expect([...onB.messages.values()].map((m) => m.msg)).toEqual(
      sent.map((_, i) => `across processes #${i}`),
    );
  });

  it("socket.io's polling transport works through nginx: its requests stick to one process", async () => {
    const [reader, fromA, fromB] = await Promise.all([
      signUpAndSignIn(stack, a, unique('polling-reader')),
      signUpAndSignIn(stack, a, unique('polling-a')),
      signUpAndSignIn(stack, b, unique('polling-b')),
    ]);
    const polling = await ChatMember.join(stack.cluster.url, reader.accessToken, 'Java', {
      polling: true,
    });
    const onA = await ChatMember.join(a, fromA.accessToken, 'Java');
    const onB = await ChatMember.join(b, fromB.accessToken, 'Java');
    members.push(polling, onA, onB);

    // Several long-poll rounds: each request of the session must reach the process holding it.
    const sent: string[] = [];
    for (const [i, member] of [onA, onB, onA, onB, onA, onB].entries()) {
      const ack = await member.send(`to the polling client #${i}`);
      if (!ack.ok) throw new Error(ack.error);
      sent.push(ack.message._id);
      await sleep(400);
    }
    await eventually(async () => expect(polling.hasAll(sent)).toBe(true), 10_000);
    expect(polling.disconnects).toBe(0);
    expect(polling.socket.io.engine.transport.name).toBe('polling');
  });

  it('a cart change through A is seen through B', async () => {
    const buyer = await signUpAndSignIn(stack, a, unique('cart'));
    const [bookId] = await firstPageBookIds(a);
    const added = await call(`${a}/api/cart`, {
      method: 'POST',
      token: buyer.accessToken,
      body: { bookId, quantity: 2 },
    });
    expect(added.status).toBe(201);

    const seen = await call(`${b}/api/carts`, { token: buyer.accessToken });
    expect(seen.status).toBe(200);
    const [line] = seen.body as { _id: string; bookId: string; quantity: number }[];
    expect(line).toMatchObject({ bookId, quantity: 2 });

    const changed = await call(`${b}/api/carts/quantity/${line?._id ?? ''}`, {
      method: 'PUT',
      token: buyer.accessToken,
      body: { quantity: 5 },
    });
    expect(changed.status).toBe(200);
    const again = await call(`${a}/api/carts`, { token: buyer.accessToken });
    expect((again.body as { quantity: number }[])[0]?.quantity).toBe(5);
  });

  it('an image uploaded through A is served by B', async () => {
    const admin = await signUpAndSignIn(stack, a, ADMIN);
    const form = new FormData();
    form.append('image', new Blob([Uint8Array.from(TINY_PNG)], { type: 'image/png' }), 'c.png');
    const upload = await fetch(`${a}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { data } = (await upload.json()) as { data: { url: string } };
    const path = new URL(data.url, a).pathname;

    const served = await fetch(`${b}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('a payment intent created on A is fulfilled by a webhook delivered to B, exactly once', async () => {
    const buyer = await signUpAndSignIn(stack, a, unique('payer'));
    const [bookId] = await firstPageBookIds(a);
    await call(`${a}/api/cart`, { method: 'POST', token: buyer.accessToken, body: { bookId } });
    const intent = await call(`${a}/api/payments/intent`, {
      method: 'POST',
      token: buyer.accessToken,
      body: { source: 'books', shipping: SHIPPING },
    });
    expect(intent.status).toBe(200);
    const { clientSecret } = intent.body as { clientSecret: string };
    const intentId = clientSecret.split('_secret_')[0] ?? '';

    const stripe = new Stripe(stack.stripeSecretKey, {
      host: '127.0.0.1',
      port: SCALE_PORTS.stripeEmulator,
      protocol: 'http',
    });
    const confirmed = await stripe.paymentIntents.confirm(intentId, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');

    const orders = () =>
      call(`${a}/api/booking/email/${buyer.email}`, { token: buyer.accessToken });
    await eventually(async () => expect((await orders()).body).toHaveLength(1));
    expect((await call(`${a}/api/carts`, { token: buyer.accessToken })).body).toEqual([]);

    // Stripe may deliver an event again: the copy changes nothing.
    const events = await call(
      `${stack.stripe.url}/_emulator/events?type=payment_intent.succeeded&payment_intent=${intentId}`,
    );
    const [record] = (events.body as { data: { event: { id: string } }[] }).data;
    const resent = await call(`${stack.stripe.url}/_emulator/events/${record?.event.id}/resend`, {
      method: 'POST',
    });
    expect(resent.status).toBe(202);
    await sleep(500);
    expect((await orders()).body).toHaveLength(1);
  });

  it('10 token exchanges spread over A and B still hit the per-address limit', async () => {
    const email = unique('limit');
    // The first exchange is part of signing up (through A).
    const account = await signUpAndSignIn(stack, a, email);
    const exchange = (base: string) =>
      call(`${base}/api/user/${email}`, {
        method: 'PUT',
        token: account.idToken,
        body: { email },
        // Each from another client address, as through nginx: only the address limit applies.
        headers: { 'x-forwarded-for': `203.0.113.${counter++ % 250}` },
      });
    const statuses: number[] = [];
    for (let i = 1; i < 10; i += 1) statuses.push((await exchange(i % 2 ? b : a)).status);
    expect(statuses).toEqual(Array(9).fill(200));
    const refused = await exchange(b);
    expect(refused.status).toBe(429);
    expect((await exchange(a)).status).toBe(429);
  });

  it("nginx limits each client address: a flood gets 429 in the API's shape, others are served", async () => {
    // 300 requests at once from one address: past the burst of 120 (deploy/nginx.conf).
    const from = (localAddress: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(
          `${stack.cluster.url}/api/books?limit=1`,
          { localAddress, agent: false },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
      });
    const flood = await Promise.all(Array.from({ length: 300 }, () => from('127.0.0.1')));
    const refused = flood.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(100);
    expect(flood.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(30);
    expect(JSON.parse(refused[0]?.body ?? '{}')).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many requests from your address, try again in a moment',
      },
    });
    // Another address is not held up by the first one's flood.
    expect((await from('127.0.0.42')).status).toBe(200);
  });
});
