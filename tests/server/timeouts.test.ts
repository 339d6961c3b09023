import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/errors';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

// Small enough for a test; the real ones are minutes (SERVER_TIMEOUTS in server/app.ts).
const TIMEOUTS = { requestMs: 1_000, headersMs: 600, idleMs: 10_000 };

type Trickle = { answer: Promise<{ raw: string; closedAfterMs: number }>; stop(): void };

/** Sends `head` at once, then `body` one byte every `everyMs`, as a slow attacker would. */
function trickle(port: number, head: string, body: string, everyMs: number): Trickle {
  const socket: Socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= body.length || socket.destroyed) return clearInterval(timer);
    socket.write(body[sent] ?? '');
    sent += 1;
  }, everyMs);
  let raw = '';
  socket.on('data', (chunk) => (raw += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(head);
  const answer = new Promise<{ raw: string; closedAfterMs: number }>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ raw, closedAfterMs: Date.now() - started });
    });
  });
  return {
    answer,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

function statusAndBody(raw: string): { status: number; body: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  const open: Trickle[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ seed: false, app: { timeouts: TIMEOUTS } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    for (const connection of open) connection.stop();
    await t.close();
  });

  /** The answer, or a failure once `limitMs` passed with the connection still open. */
  async function answerWithin(connection: Trickle, limitMs: number) {
    open.push(connection);
    const timeout = new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`still open after ${limitMs} ms`)), limitMs),
    );
    return Promise.race([connection.answer, timeout]);
  }

  it('cuts off a body sent one byte at a time with a 408 JSON error', async () => {
    const body = JSON.stringify({ email: 'slow-reader@example.com', padding: 'x'.repeat(200) });
    const head =
      'POST /api/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    // 200 bytes at one per 100 ms would take 20 s.
    const { raw, closedAfterMs } = await answerWithin(trickle(port, head, body, 100), 6_000);
    const res = statusAndBody(raw);
    expect(res.status).toBe(408);
    expect(apiErrorSchema.parse(JSON.parse(res.body)).error.code).toBe('bad_request');
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 100);
  });

  it('cuts off headers sent one byte at a time', async () => {
    const head = `GET /api/books HTTP/1.1\r\nHost: x\r\nX-Slow: ${'y'.repeat(200)}\r\n\r\n`;
    const { raw } = await answerWithin(trickle(port, '', head, 50), 6_000);
    expect(statusAndBody(raw).status).toBe(408);
  });

  it('still accepts a body that arrives steadily within the time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'steady-reader@example.com' }),
    });
    expect(response.status).toBe(201);
  });
});
