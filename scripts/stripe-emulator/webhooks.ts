// Webhook delivery as Stripe does it: a POST of the event's JSON, signed in the `Stripe-Signature`
// header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`), retried on a non-2xx answer
// or a network error. Attempts for one event run one after another; different events run in parallel.
import { createHmac } from 'node:crypto';
import type { DeliveryAttempt, EventRecord } from './events';
import { unixNow } from './stripe-objects';

export type WebhookTarget = { url: string; secret: string };

/** How long live-mode Stripe keeps retrying an event that was not delivered. */
const STRIPE_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_RETRY_MS = 12 * 60 * 60 * 1000;

/**
 * Live-mode Stripe's schedule, scaled: "exponential back off for up to three days" (Stripe's
 * webhook docs; the exact intervals are not published, so: 1 minute, doubling up to 12 hours,
 * until three days have passed since the first attempt). `scale` shrinks it for local stacks
 * (1/600: three days in 7.2 minutes), so a server that is down a while still gets the event.
 */
export function stripeRetryDelaysMs(scale: number): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = FIRST_RETRY_MS; total + delay <= STRIPE_RETRY_WINDOW_MS;) {
    delays.push(Math.max(1, Math.round(delay * scale)));
    total += delay;
    delay = Math.min(delay * 2, LONGEST_RETRY_MS);
  }
  return delays;
}

/** The emulator's default scale of Stripe's schedule (STRIPE_EMULATOR_RETRY_SCALE). */
export const DEFAULT_RETRY_SCALE = 1 / 600;

/** How long one attempt may take before it counts as failed. */
const attemptTimeoutMs = 10_000;

export function signatureHeader(payload: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookSender {
  private closed = false;
  private readonly stop = new AbortController();
  private readonly runs = new Set<Promise<void>>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(
    private readonly target: WebhookTarget,
    private readonly retryDelaysMs: readonly number[],
    private readonly log: (line: string) => void,
  ) {}

  /** Starts delivering the event in the background (a resend starts a new series of attempts). */
  deliver(record: EventRecord): void {
    if (this.closed) return;
    record.delivery.status = 'pending';
    const run = this.run(record).finally(() => this.runs.delete(run));
    this.runs.add(run);
  }

  /** Stops pending retries and in-flight attempts. */
  async close(): Promise<void> {
    this.closed = true;
    this.stop.abort();
    for (const waiting of this.timers) {
      clearTimeout(waiting.timer);
      waiting.resolve();
    }
    this.timers.clear();
    await Promise.allSettled([...this.runs]);
  }

  private async run(record: EventRecord): Promise<void> {
    const { event } = record;
    const totalAttempts = this.retryDelaysMs.length + 1;
    for (let series = 0; series < totalAttempts; series += 1) {
      if (this.closed) return;
      const attempt = await this.attempt(record);
      record.delivery.attempts.push(attempt);
      const outcome = attempt.status === null ? attempt.error : String(attempt.status);
      const where = `${event.id} ${event.type} → ${this.target.url}`;
      if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) {
        record.delivery.status = 'delivered';
        this.log(`webhook ${where}: attempt ${attempt.attempt} delivered (${outcome})`);
        return;
      }
      if (this.closed) return;
      const delay = this.retryDelaysMs[series];
      if (delay === undefined) break;
      this.log(
        `webhook ${where}: attempt ${attempt.attempt} failed (${outcome}); retry in ${delay} ms`,
      );
      await this.sleep(delay);
    }
    if (this.closed) return;
    record.delivery.status = 'failed';
    this.log(`webhook ${event.id} ${event.type}: gave up after ${totalAttempts} attempts`);
  }

  private async attempt(record: EventRecord): Promise<DeliveryAttempt> {
    const started = Date.now();
    const base = {
      attempt: record.delivery.attempts.length + 1,
      at: new Date(started).toISOString(),
    };
    try {
      const response = await fetch(this.target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          accept: '*/*; q=0.5, application/xml',
          'cache-control': 'no-cache',
          // Signed afresh for every attempt, so a retry is never stale.
          'stripe-signature': signatureHeader(record.payload, this.target.secret),
        },
        body: record.payload,
        signal: AbortSignal.any([this.stop.signal, AbortSignal.timeout(attemptTimeoutMs)]),
      });
      await response.arrayBuffer();
      return { ...base, status: response.status, error: null, durationMs: Date.now() - started };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const message = cause instanceof Error ? cause.message : String(cause);
      return { ...base, status: null, error: message, durationMs: Date.now() - started };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiting = {
        timer: setTimeout(() => {
          this.timers.delete(waiting);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(waiting);
    });
  }
}
