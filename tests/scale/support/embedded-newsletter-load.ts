import { request } from 'node:http';
import { RATE_LIMITS } from '../../../server/rate-limit';

/**
 * Source addresses for the load: Linux routes all of 127.0.0.0/8 to the loopback interface, and
 * the newsletter's per-IP limit counts each address apart (the server trusts no proxy header).
 */
export const LOOPBACK_SOURCES: readonly string[] = Array.from(
  { length: 15 },
  (_, i) => `127.0.0.${i + 2}`,
);

export type NewsletterLoadOptions = {
  port: number;
  /** Distinct addresses are `<prefix>-<n>@crash.test`. */
  prefix: string;
  /** Requests kept in flight at once. */
  concurrency: number;
  /** `kill` runs `killDelayMs` after this many writes have been answered 2xx. */
  killAfterAcknowledged: number;
  /** Moves the kill around within the server's work; the load goes on meanwhile. */
  killDelayMs: number;
  kill: () => void;
};

export type NewsletterLoadResult = {
  /** Every address sent, answered or not. */
  sent: string[];
  /** Answered 2xx (also after `kill` was called: the answer had left the server). */
  acknowledged: string[];
  /** Requests started but not settled when `kill` ran: 0 when the budget ran out first. */
  inFlightAtKill: number;
  /** Answers other than 2xx (none expected: the load stays within the rate limits). */
  refused: { email: string; status: number; body: string }[];
  /** No answer (the connection failed) before `kill` ran; none expected. */
  failedBeforeKill: { email: string; error: string }[];
  /** No answer after `kill` ran: the requests the crash cut off. */
  failedAfterKill: number;
};

/**
 * Subscribes distinct addresses with `concurrency` requests in flight, each from one of the
 * loopback addresses in turn, until `kill` has run (it kills the server); resolves when every
 * request has settled. Never sends more than one process's budget (RATE_LIMITS), so no
 * request is refused for the rate limits.
 */
export async function runNewsletterLoad(
  options: NewsletterLoadOptions,
): Promise<NewsletterLoadResult> {
  // The newsletter's limits count in the process's memory: each restart has a fresh budget.
  const budget = Math.min(
    RATE_LIMITS.newsletterTotal.perMinute,
    LOOPBACK_SOURCES.length * RATE_LIMITS.newsletterPerIp.perMinute,
  );
  if (options.killAfterAcknowledged + options.concurrency > budget) {
    throw new Error("killAfterAcknowledged + concurrency exceeds one server process's budget");
  }
  const result: NewsletterLoadResult = {
    sent: [],
    acknowledged: [],
    inFlightAtKill: 0,
    refused: [],
    failedBeforeKill: [],
    failedAfterKill: 0,
  };
  let next = 0;
  let inFlight = 0;
  let killScheduled = false;
  let killed = false;

  const kill = () => {
    killed = true;
    result.inFlightAtKill = inFlight;
    options.kill();
  };

  const worker = async () => {
    while (!killed && next < budget) {
      const index = next++;
      const email = `${options.prefix}-${index}@crash.test`;
      const source = LOOPBACK_SOURCES[index % LOOPBACK_SOURCES.length] ?? '127.0.0.1';
      result.sent.push(email);
      inFlight++;
      const outcome = await subscribe(options.port, source, email);
      inFlight--;
      if ('error' in outcome) {
        if (killed) result.failedAfterKill++;
        else result.failedBeforeKill.push({ email, error: outcome.error });
      } else if (outcome.status >= 200 && outcome.status < 300) {
        result.acknowledged.push(email);
        if (!killScheduled && result.acknowledged.length >= options.killAfterAcknowledged) {
          killScheduled = true;
          // 0: at once, from this answer's callback, before any other request moves on.
          if (options.killDelayMs > 0) setTimeout(kill, options.killDelayMs);
          else kill();
        }
      } else {
        result.refused.push({ email, status: outcome.status, body: outcome.body });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  // The budget ran out before a delayed kill: it still has to happen.
  if (killScheduled && !killed) {
    await new Promise((resolve) => setTimeout(resolve, options.killDelayMs));
  }
  if (!killed) kill();
  return result;
}

type Outcome = { status: number; body: string } | { error: string };

/** One POST /api/newsletter on its own connection from `localAddress`; never rejects. */
function subscribe(port: number, localAddress: string, email: string): Promise<Outcome> {
  const payload = JSON.stringify({ email });
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/api/newsletter',
        agent: false,
        timeout: 15_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        // The status line alone does not acknowledge: only a complete answer counts.
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (error) => resolve({ error: error.message }));
        res.on('close', () => {
          if (!res.complete) resolve({ error: 'connection closed before the answer ended' });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ error: error.message }));
    req.end(payload);
  });
}
