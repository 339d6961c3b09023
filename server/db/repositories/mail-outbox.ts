import type { Queryable } from '../client';

/** A checkout as its mails tell it: whom to write to, and what was bought and paid. */
export type ReceiptSource = {
  email: string;
  paymentId: string;
  paymentIntentId: string;
  placedAt: Date;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  amountCents: number;
};

type ReceiptSourceRow = {
  user_email: string;
  id: string;
  payment_intent_id: string;
  created_at: Date | string;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  amount_cents: number;
};

function toReceiptSource(row: ReceiptSourceRow): ReceiptSource {
  return {
    email: row.user_email,
    paymentId: row.id,
    paymentIntentId: row.payment_intent_id,
    placedAt: new Date(row.created_at),
    lines: row.lines.map(({ name, quantity, unitPriceCents }) => ({
      name,
      quantity,
      unitPriceCents,
    })),
    amountCents: row.amount_cents,
  };
}

/** A payment's whole snapshot: what its order confirmation (or out-of-stock refund) lists. */
export async function paymentReceipt(
  tx: Queryable,
  paymentId: string,
): Promise<ReceiptSource | undefined> {
  const [row] = await tx.query<ReceiptSourceRow>(
    `select user_email, id, payment_intent_id, created_at, lines, amount_cents
     from payments where id = $1`,
    [paymentId],
  );
  return row && toReceiptSource(row);
}

/**
 * A refund as its mail tells it: the orders it gives back (in cart order), its payment, and as
 * `amountCents` the refund's amount.
 */
export async function refundReceipt(
  tx: Queryable,
  refundId: string,
): Promise<ReceiptSource | undefined> {
  const [row] = await tx.query<ReceiptSourceRow>(
    `select p.user_email, p.id, p.payment_intent_id, p.created_at, r.amount_cents,
            coalesce((select jsonb_agg(jsonb_build_object('name', o.name, 'quantity', o.quantity,
                                                          'unitPriceCents', o.price_cents)
                                       order by o.payment_line)
                      from orders o
                      where o.payment_id = p.id and r.order_ids ? o.id), '[]'::jsonb) as lines
     from refunds r join payments p on p.id = r.payment_id
     where r.id = $1`,
    [refundId],
  );
  return row && toReceiptSource(row);
}

/**
 * Queues a mail in the caller's transaction. Nothing when the same kind of mail about the same
 * payment or refund is already queued (or sent): a duplicate webhook queues nothing.
 */
export async function insertOutboxMail(
  tx: Queryable,
  mail: { kind: string; subjectId: string; recipient: string; payload: unknown; dueAt: Date },
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `insert into mail_outbox (kind, subject_id, recipient, payload, next_attempt_at)
     values ($1, $2, $3, $4::jsonb, $5::timestamptz)
     on conflict (kind, subject_id) do nothing
     returning id`,
    [
      mail.kind,
      mail.subjectId,
      mail.recipient,
      JSON.stringify(mail.payload),
      mail.dueAt.toISOString(),
    ],
  );
  return rows.length > 0;
}

/** A queued mail a worker has taken. `attempts` counts this one. */
export type ClaimedMail = {
  id: string;
  kind: string;
  subjectId: string;
  recipient: string;
  payload: unknown;
  attempts: number;
};

/**
 * Takes up to `limit` pending mails due at `now`, oldest first, for one worker: each counts an
 * attempt and is leased until `leaseUntil`, so no other worker takes it meanwhile (and one that
 * crashes mid-send has its mail retried once the lease ends). `for update skip locked`: workers
 * of several processes on one PostgreSQL each take other rows, never waiting on one another.
 */
export async function claimDueMails(
  db: Queryable,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  const rows = await db.query<{
    id: string;
    kind: string;
    subject_id: string;
    recipient: string;
    payload: unknown;
    attempts: number;
  }>(
    `update mail_outbox set attempts = attempts + 1, next_attempt_at = $2::timestamptz
     where id in (select id from mail_outbox
                  where status = 'pending' and next_attempt_at <= $1::timestamptz
                  order by next_attempt_at, id
                  limit $3
                  for update skip locked)
     returning id::text as id, kind, subject_id, recipient, payload, attempts`,
    [input.now.toISOString(), input.leaseUntil.toISOString(), input.limit],
  );
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      subjectId: row.subject_id,
      recipient: row.recipient,
      payload: row.payload,
      attempts: row.attempts,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

export async function markMailSent(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query(
    `update mail_outbox set status = 'sent', sent_at = $2::timestamptz, last_error = null
     where id = $1::bigint`,
    [id, at.toISOString()],
  );
}

/** A failed attempt: tried again from `at`. */
export async function scheduleMailRetry(
  db: Queryable,
  id: string,
  input: { at: Date; error: string },
): Promise<void> {
  await db.query(
    `update mail_outbox set next_attempt_at = $2::timestamptz, last_error = $3
     where id = $1::bigint and status = 'pending'`,
    [id, input.at.toISOString(), input.error],
  );
}

/** The last attempt failed too: the mail is given up (kept, with its error, for the operator). */
export async function markMailFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(
    `update mail_outbox set status = 'failed', last_error = $2
     where id = $1::bigint and status = 'pending'`,
    [id, error],
  );
}

/** Mails taken but not tried (the worker is stopping): due again at `now`, the attempt uncounted. */
export async function releaseMails(db: Queryable, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `update mail_outbox set next_attempt_at = $2::timestamptz, attempts = attempts - 1
     where id = any($1::bigint[]) and status = 'pending'`,
    [ids, now.toISOString()],
  );
}
