-- Refunds and the customer's own view of orders (issue 16 items 6 and 10).

-- A line refunded through Stripe (whole payment or chosen lines): when, and by which refund.
alter table orders add column refunded_at timestamptz;
alter table orders add column refund_id text;
-- The customer's 'x' in My Orders hides the line from them; the shop's record of the sale stays.
alter table orders add column hidden_at timestamptz;

-- Every refund asked of Stripe: the lines it covers and its amount. Marked succeeded by Stripe's
-- webhook (charge.refunded / refund.updated), which is when the lines count as refunded.
create table refunds (
  -- Stripe's Refund id (re_…).
  id text primary key,
  payment_id text not null references payments (id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0),
  -- The orders (lines) it refunds.
  order_ids jsonb not null check (jsonb_typeof(order_ids) = 'array'),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  actor_email text not null,
  created_at timestamptz not null default now()
);
create index refunds_payment_idx on refunds (payment_id);

-- The admin's Orders screen: every checkout newest first, filtered by status and date.
create index payments_created_idx on payments (created_at desc, id);
