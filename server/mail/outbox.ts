import type { FastifyBaseLogger } from 'fastify';
import { orderNumberOf } from '../../contract/checkout-rules';
import type { Db, Queryable } from '../db/client';
import {
  claimDueMails,
  insertOutboxMail,
  markMailFailed,
  markMailSent,
  paymentReceipt,
  refundReceipt,
  releaseMails,
  scheduleMailRetry,
  type ClaimedMail,
  type ReceiptSource,
} from '../db/repositories/mail-outbox';
import type { Mailer } from './mailer';
import {
  composeReceiptMail,
  MAIL_KINDS,
  receiptFactsSchema,
  type MailKind,
  type ReceiptFacts,
} from './receipt-mails';

/**
 * After the first failed attempt, the wait before each next one; after the last, the mail is
 * given up (about 41 hours after the first try: a receipt mail later than that is no use).
 */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;

/** How long a worker holds the mails it took; longer than one send can take (server/mail/mailer.ts). */
const LEASE_MS = 5 * 60_000;
/** How often a worker looks for due mails. */
const POLL_MS = 5_000;
/** Mails taken per look; a full batch is followed by another at once. */
const BATCH_SIZE = 20;

/**
 * The mails the checkout owes, queued in its own transaction (docs/decisions.md D54). Without a
 * mailer (no SMTP_URL) each is a no-op: no mail is sent, so none is kept.
 */
export type ReceiptMails = {
  /** A payment became orders: its order confirmation. */
  orderPaid(tx: Queryable, paymentId: string): Promise<void>;
  /** Stripe confirmed a refund: the refunded lines. */
  refundSettled(tx: Queryable, refundId: string): Promise<void>;
  /** A payment was refunded in full because its books were gone: no order, the whole amount. */
  refundedOutOfStock(tx: Queryable, paymentId: string): Promise<void>;
};

/** What one pass of the worker did. */
export type OutboxRun = { sent: number; retried: number; gaveUp: number };

export type MailOutbox = ReceiptMails & {
  /** Sends the mails due now (what the timer runs; tests call it with their own clock). */
  sendDue(): Promise<OutboxRun>;
  /** Starts the worker's timer (a no-op without a mailer, or with `pollMs` 0). */
  start(): void;
  /** Stops the timer and waits for the pass in progress; mails not yet tried go back to the queue. */
  stop(): Promise<void>;
};

export type MailOutboxOptions = {
  /** The worker's clock (tests move it instead of waiting minutes). Default: Date.now. */
  now?: () => number;
  /** How often the worker looks for due mails; 0: never by itself (tests call sendDue). */
  pollMs?: number;
};

function isMailKind(kind: string): kind is MailKind {
  return (MAIL_KINDS as readonly string[]).includes(kind);
}

function factsOf(source: ReceiptSource): ReceiptFacts {
  return {
    orderNumber: orderNumberOf(source.paymentId),
    receiptId: source.paymentIntentId,
    placedAt: source.placedAt.toISOString(),
    lines: source.lines,
    totalCents: source.amountCents,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The transactional outbox of the shop's mails: rows written with the orders or the refund, sent
 * by a worker in each server process, retried with backoff (RETRY_DELAYS_MINUTES).
 */
export function createMailOutbox(
  deps: { db: Db; mailer: Mailer | null; publicUrl: string; log: FastifyBaseLogger },
  options: MailOutboxOptions = {},
): MailOutbox {
  const { db, mailer, publicUrl, log } = deps;
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? POLL_MS;

  async function enqueue(
    tx: Queryable,
    kind: MailKind,
    subjectId: string,
    load: (tx: Queryable, id: string) => Promise<ReceiptSource | undefined>,
  ): Promise<void> {
    if (!mailer) return;
    const source = await load(tx, subjectId);
    if (!source || source.lines.length === 0) {
      // Only a bug gets here (the caller has just written these rows); the order still stands.
      log.error({ kind, subjectId }, 'nothing to tell in this mail: not queued');
      return;
    }
    await insertOutboxMail(tx, {
      kind,
      subjectId,
      recipient: source.email,
      payload: factsOf(source),
      dueAt: new Date(now()),
    });
  }

  /** Sends one claimed mail; its row says what happened next. */
  async function deliver(mail: ClaimedMail, run: OutboxRun, sender: Mailer): Promise<void> {
    const facts = receiptFactsSchema.safeParse(mail.payload);
    if (!isMailKind(mail.kind) || !facts.success) {
      // Trying again cannot mend it.
      await markMailFailed(db, mail.id, 'unreadable outbox row');
      log.error({ mailId: mail.id, kind: mail.kind }, 'unreadable outbox mail: given up');
      run.gaveUp += 1;
      return;
    }
    const context = { mailId: mail.id, kind: mail.kind, subjectId: mail.subjectId };
    try {
      await sender.send({
        to: mail.recipient,
        ...composeReceiptMail(mail.kind, facts.data, publicUrl),
      });
    } catch (error) {
      const reason = errorText(error);
      const delay = RETRY_DELAYS_MINUTES[mail.attempts - 1];
      if (delay === undefined) {
        await markMailFailed(db, mail.id, reason);
        log.error(
          { ...context, attempts: mail.attempts, err: error },
          'mail not sent after every retry: given up',
        );
        run.gaveUp += 1;
        return;
      }
      const at = new Date(now() + delay * 60_000);
      await scheduleMailRetry(db, mail.id, { at, error: reason });
      log.warn(
        { ...context, attempt: mail.attempts, retryAt: at.toISOString(), err: error },
        `mail not sent: retried in ${delay} min`,
      );
      run.retried += 1;
      return;
    }
    await markMailSent(db, mail.id, new Date(now()));
    log.info(context, 'mail sent');
    run.sent += 1;
  }

  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  // One pass at a time in this process (the timer's and a test's call queue up).
  let passes: Promise<unknown> = Promise.resolve();

  async function pass(sender: Mailer): Promise<OutboxRun & { full: boolean }> {
    const run = { sent: 0, retried: 0, gaveUp: 0, full: false };
    const at = now();
    const claimed = await claimDueMails(db, {
      now: new Date(at),
      leaseUntil: new Date(at + LEASE_MS),
      limit: BATCH_SIZE,
    });
    run.full = claimed.length === BATCH_SIZE;
    for (const [index, mail] of claimed.entries()) {
      if (stopping) {
        await releaseMails(
          db,
          claimed.slice(index).map((left) => left.id),
          new Date(now()),
        );
        break;
      }
      await deliver(mail, run, sender);
    }
    return run;
  }

  function sendDue(): Promise<OutboxRun & { full: boolean }> {
    const sender = mailer;
    if (!sender) return Promise.resolve({ sent: 0, retried: 0, gaveUp: 0, full: false });
    const next = passes.then(() => pass(sender));
    passes = next.catch(() => undefined);
    return next;
  }

  function schedule(delayMs: number): void {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      sendDue().then(
        (run) => schedule(run.full ? 0 : pollMs),
        (error: unknown) => {
          // The database is away, most likely: the rows wait, the next look tries again.
          log.error({ err: error }, 'the mail outbox could not be read');
          schedule(pollMs);
        },
      );
    }, delayMs);
    // A pending look never keeps the process alive.
    timer.unref();
  }

  return {
    orderPaid: (tx, paymentId) => enqueue(tx, 'order-confirmation', paymentId, paymentReceipt),
    refundSettled: (tx, refundId) => enqueue(tx, 'refund', refundId, refundReceipt),
    refundedOutOfStock: (tx, paymentId) =>
      enqueue(tx, 'out-of-stock-refund', paymentId, paymentReceipt),
    async sendDue() {
      const { full: _full, ...run } = await sendDue();
      return run;
    },
    start() {
      if (!mailer || pollMs <= 0 || timer || stopping) return;
      schedule(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await passes;
    },
  };
}
