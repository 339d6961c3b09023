// The faults two processes behind nginx survive, each saying what was lost: nothing (issue:
// "Faults it survives"). One stack; every test leaves it whole again for the next.
import { request } from 'node:http';
import pg from 'pg';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../server/plugins/errors';
import {
  signUpAndSignIn,
  startScaleStack,
  type ScaleAccount,
  type ScaleStack,
} from '../../scripts/lib/scale-stack';
import type { Backend } from '../../scripts/lib/cluster';
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
if (skip) console.warn(`scale tests (faults): SKIPPED, ${skip}`);

/** The per-user message rate allows a burst of 5, then 2 a second: one every 520 ms holds. */
const MESSAGE_EVERY_MS = 520;

let counter = 0;
const unique = (label: string) => `${label}-${Date.now()}-${counter++}@example.test`;

/** Sends a message every MESSAGE_EVERY_MS until stopped; the ids the server acknowledged. */
function keepSending(member: ChatMember, label: string) {
  const acked: string[] = [];
  const failed: string[] = [];
  let running = true;
  const done = (async () => {
    for (let i = 0; running; i += 1) {
      try {
        const ack = await member.send(`${label} ${i}`);
        if (ack.ok) acked.push(ack.message._id);
        else failed.push(ack.error);
      } catch (error) {
        // No answer (the process went away): not acknowledged, so the sender would retry.
        failed.push(error instanceof Error ? error.message : String(error));
      }
      await sleep(MESSAGE_EVERY_MS);
    }
  })();
  return {
    acked,
    failed,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Requests in a loop until stopped: every answer's status, with its time. */
function keepRequesting(
  url: string,
  options: { token?: string; method?: string; body?: () => unknown; everyMs?: number } = {},
) {
  const answers: { at: number; status: number; message?: string }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        const { status, body } = await call(url, {
          ...(options.token ? { token: options.token } : {}),
          ...(options.method ? { method: options.method } : {}),
          ...(options.body ? { body: options.body() } : {}),
        });
        const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
        answers.push({ at: Date.now(), status, ...(message ? { message } : {}) });
      } catch (error) {
        answers.push({ at: Date.now(), status: 0, message: String(error) });
      }
      await sleep(options.everyMs ?? 25);
    }
  })();
  return {
    answers,
    async stop() {
      running = false;
      await done;
    },
  };
}

describe.skipIf(skip)('faults two processes behind nginx survive', () => {
  let stack: ScaleStack;
  let processA: Backend;
  let processB: Backend;
  const members: ChatMember[] = [];

  beforeAll(async () => {
    // Its load comes from one address, far past nginx's per-address limits.
    stack = await startScaleStack({
      ports: SCALE_PORTS,
      serverDir: SCALE_SERVER_DIR,
      perClientLimits: false,
    });
    const [first, second] = stack.cluster.backends;
    if (!first || !second) throw new Error('two processes expected');
    processA = first;
    processB = second;
  });

  afterAll(async () => {
    for (const member of members) member.close();
    await stack?.stop();
  });

  async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
    const client = new pg.Client({ connectionString: stack.postgres.url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  async function member(base: string, room: 'Python' | 'Java', localAddress?: string) {
    const account = await signUpAndSignIn(stack, stack.cluster.url, unique('member'));
    const joined = await ChatMember.join(base, account.accessToken, room, {
      ...(localAddress ? { localAddress } : {}),
    });
    members.push(joined);
    return joined;
  }

  it('SIGTERM: in-flight requests finish, and chat clients carry on through the other process', async () => {
    // Clients through nginx from eight addresses: its sticky hash puts some on each process.
    const readers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => member(stack.cluster.url, 'Python', `127.0.0.${i + 2}`)),
    );
    const sender = await member(processB.url, 'Python');
    const buyer = await signUpAndSignIn(stack, stack.cluster.url, unique('sigterm'));
    const bookIds = await firstPageBookIds(processA.url);
    const bookId = bookIds[0] ?? '';
    const sending = keepSending(sender, 'through a SIGTERM');
    const browsing = keepRequesting(`${stack.cluster.url}/api/books?page=1`);
    const carts = keepRequesting(`${stack.cluster.url}/api/carts`, { token: buyer.accessToken });
    // Writes, which nginx never sends twice: each shopper adds books to their cart.
    const shoppers = await Promise.all(
      Array.from({ length: 4 }, () => signUpAndSignIn(stack, stack.cluster.url, unique('adder'))),
    );
    const adding = shoppers.map((shopper) => {
      let next = 0;
      return keepRequesting(`${stack.cluster.url}/api/cart`, {
        token: shopper.accessToken,
        method: 'POST',
        body: () => ({ bookId: bookIds[next++ % bookIds.length] }),
        everyMs: 50,
      });
    });
    await sleep(1_500);

    // A request in flight on A when it is told to stop: its body is still on its way.
    const inFlight = slowPost(processA.port, '/api/cart', buyer.accessToken, { bookId }, 1_500);
    await sleep(300);
    const signalled = Date.now();
    const exited = processA.stop('SIGTERM');
    const answered = await inFlight;
    expect(answered.status).toBe(201);
    expect(answered.connection).toBe('close');
    const ending = await exited;
    expect(ending).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(10_000);

    await sleep(2_500);
    await sending.stop();
    await browsing.stop();
    await carts.stop();
    for (const loop of adding) await loop.stop();

    // Some readers were on A, and reconnected.
    expect(readers.filter((reader) => reader.disconnects > 0).length).toBeGreaterThan(0);
    expect(sending.failed).toEqual([]);
    await eventually(async () => {
      for (const reader of readers) expect(reader.hasAll(sending.acked)).toBe(true);
    }, 15_000);
    // nginx sent every request that found A closed to B: nobody saw an error, writes included.
    const reads = [...browsing.answers, ...carts.answers];
    const writes = adding.flatMap((loop) => loop.answers);
    expect(reads.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(writes.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
    expect(writes.length).toBeGreaterThan(40);

    await processA.start();
  });

  it('kill -9 during checkouts and chat: every acknowledged message and paid order is there, and the webhook retries complete the rest exactly once', async () => {
    const stripe = new Stripe(stack.stripeSecretKey, {
      host: '127.0.0.1',
      port: SCALE_PORTS.stripeEmulator,
      protocol: 'http',
    });
    const [bookId] = await firstPageBookIds(stack.cluster.url);
    const buyers: ScaleAccount[] = await Promise.all(
      Array.from({ length: 8 }, () => signUpAndSignIn(stack, stack.cluster.url, unique('buyer'))),
    );
    for (const buyer of buyers) {
      const added = await call(`${stack.cluster.url}/api/cart`, {
        method: 'POST',
        token: buyer.accessToken,
        body: { bookId },
      });
      expect(added.status).toBe(201);
    }
    const onA = await member(processA.url, 'Java');
    const chatting = keepSending(onA, 'before the crash');

    /** As a shopper does: Pay, and on an error, Try again. */
    async function checkout(buyer: ScaleAccount): Promise<string> {
      for (let attempt = 0; ; attempt += 1) {
        const intent = await call(`${stack.cluster.url}/api/payments/intent`, {
          method: 'POST',
          token: buyer.accessToken,
          body: { source: 'books', shipping: SHIPPING },
        }).catch(() => ({ status: 0, body: undefined }));
        if (intent.status === 200) {
          const { clientSecret } = intent.body as { clientSecret: string };
          const id = clientSecret.split('_secret_')[0] ?? '';
          const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
          expect(paid.status).toBe('succeeded');
          return id;
        }
        if (attempt > 20) throw new Error(`no intent for ${buyer.email}: ${intent.status}`);
        await sleep(250);
      }
    }
    const checkouts = Promise.all(
      buyers.map(async (buyer, i) => {
        await sleep(i * 120);
        return checkout(buyer);
      }),
    );
    await sleep(450);
    const killed = await processA.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const intentIds = await checkouts;
    await chatting.stop();

    // Back as a process manager would restart it; the emulator keeps retrying meanwhile.
    await processA.start();
    await eventually(async () => {
      const { body } = await call(
        `${stack.stripe.url}/_emulator/events?type=payment_intent.succeeded`,
      );
      const records = (
        body as {
          data: { event: { data: { object: { id: string } } }; delivery: { status: string } }[];
        }
      ).data;
      for (const id of intentIds) {
        const record = records.find((r) => r.event.data.object.id === id);
        expect(record?.delivery.status).toBe('delivered');
      }
    }, 30_000);

    // Each paid cart became exactly its one order, and every cart is empty.
    const orders = await query<{ payment_intent_id: string; n: string }>(
      `select payment_intent_id, count(*) as n from orders
       where payment_intent_id = any($1::text[]) group by payment_intent_id`,
      [intentIds],
    );
    expect(orders.map((row) => row.payment_intent_id).sort()).toEqual([...intentIds].sort());
    expect(orders.every((row) => row.n === '1')).toBe(true);
    for (const buyer of buyers) {
      expect((await call(`${processB.url}/api/carts`, { token: buyer.accessToken })).body).toEqual(
        [],
      );
    }
    // Every acknowledged message was stored.
    expect(chatting.acked.length).toBeGreaterThan(0);
    const stored = await query<{ id: string }>(
      'select id::text as id from chat_messages where id = any($1::bigint[])',
      [chatting.acked],
    );
    expect(stored.map((row) => row.id).sort()).toEqual([...chatting.acked].sort());
  });

  it('PostgreSQL restarted: 503 with a clear error meanwhile, never a crash, and the processes recover by themselves', async () => {
    const buyer = await signUpAndSignIn(stack, stack.cluster.url, unique('pg-restart'));
    const pids = stack.cluster.backends.map((backend) => backend.pid);
    const carts = keepRequesting(`${stack.cluster.url}/api/carts`, { token: buyer.accessToken });
    await sleep(500);

    await stack.postgres.stop();
    await sleep(1_000);
    // Health answers from a check at most a second old (D46).
    await eventually(async () => {
      const health = await call(`${stack.cluster.url}/api/health`);
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        error: { message: 'Database is not reachable' },
        checks: { database: 'down', redis: 'up' },
      });
    }, 5_000);
    await sleep(1_000);
    const restarted = Date.now();
    await stack.postgres.start();
    await eventually(async () => {
      const last = carts.answers.at(-1);
      expect(last?.status).toBe(200);
      expect(last?.at).toBeGreaterThan(restarted);
    }, 20_000);
    await carts.stop();

    const statuses = new Set(carts.answers.map((answer) => answer.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const answer of carts.answers.filter((a) => a.status === 503)) {
      expect(answer.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }
    expect(stack.cluster.backends.map((backend) => backend.pid)).toEqual(pids);
    await eventually(async () => {
      expect((await call(`${stack.cluster.url}/api/health`)).status).toBe(200);
    }, 5_000);
  });

  it('Redis stopped: the chat works within each process and HTTP is unaffected; back, cross-process chat resumes by itself', async () => {
    const a1 = await member(processA.url, 'Java');
    const a2 = await member(processA.url, 'Java');
    const b1 = await member(processB.url, 'Java');

    await stack.redis.stop();
    const local = await a1.send('while Redis is down');
    if (!local.ok) throw new Error(local.error);
    await eventually(async () => expect(a2.hasAll([local.message._id])).toBe(true), 2_000);

    const shopper = await signUpAndSignIn(stack, stack.cluster.url, unique('redis-down'));
    expect((await call(`${stack.cluster.url}/api/books?page=1`)).status).toBe(200);
    const [bookId] = await firstPageBookIds(stack.cluster.url);
    const added = await call(`${stack.cluster.url}/api/cart`, {
      method: 'POST',
      token: shopper.accessToken,
      body: { bookId },
    });
    expect(added.status).toBe(201);
    await eventually(async () => {
      const health = await call(`${processA.url}/api/health`);
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ checks: { database: 'up', redis: 'down' } });
    }, 5_000);

    await stack.redis.start();
    // Once the processes have reconnected, a message through A reaches B again.
    await eventually(
      async () => {
        const probe = await a1.send('is Redis back?');
        if (!probe.ok) throw new Error(probe.error);
        await eventually(async () => expect(b1.hasAll([probe.message._id])).toBe(true), 1_000);
      },
      20_000,
      MESSAGE_EVERY_MS,
    );
    const after = await a1.send('Redis is back');
    if (!after.ok) throw new Error(after.error);
    await eventually(async () => {
      expect(b1.hasAll([after.message._id])).toBe(true);
      expect(a2.hasAll([after.message._id])).toBe(true);
    }, 5_000);
    await eventually(async () => {
      expect((await call(`${processA.url}/api/health`)).status).toBe(200);
    }, 5_000);
  });
});

/**
 * A POST whose body arrives `delayMs` after its headers, straight to one process: a request
 * still in flight when that process is told to stop.
 */
function slowPost(
  port: number,
  path: string,
  token: string,
  body: unknown,
  delayMs: number,
): Promise<{ status: number; connection: string | undefined }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(payload.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, 1));
    setTimeout(() => req.end(payload.subarray(1)), delayMs);
  });
}
