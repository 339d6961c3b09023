-- The mails the shop owes its customers (issue 30 §4; docs/decisions.md D54): an order
-- confirmation when a payment becomes orders, a refund mail when a refund settles or a payment is
-- refunded because its books were gone. A row is written in the transaction that makes the
-- orders or settles the refund, so a crash cannot lose the mail; the server's outbox worker
-- (server/mail/outbox.ts) sends it afterwards, retrying with backoff.
create table mail_outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('order-confirmation', 'refund', 'out-of-stock-refund')),
  -- What it is about: the payment (order confirmation, out-of-stock refund) or the Stripe refund
  -- (re_…). With the kind, the key that makes a duplicate webhook queue nothing.
  subject_id text not null,
  recipient text not null,
  -- The receipt's facts as they were in that transaction: order number, receipt id, lines, total.
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  -- When a worker may take it next: a retry's backoff, or the lease of the worker sending it.
  next_attempt_at timestamptz not null,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  unique (kind, subject_id)
);
-- The worker's claim reads the due pending rows, oldest first.
create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where status = 'pending';
