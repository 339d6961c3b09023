-- Card payments (Stripe PaymentIntents) and the orders they become. A payment keeps a snapshot of
-- what it charges for; the webhook turns exactly that snapshot into orders, once.

create table payments (
  -- Derived from the user, the cart's fingerprint and how often that cart was paid before, so
  -- concurrent asks for one cart send Stripe identical requests (see server/services/checkout.ts).
  id text primary key,
  user_email text not null references users (email) on delete cascade on update cascade,
  source text not null check (source in ('books', 'courses')),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null check (currency = 'usd'),
  -- Per line: lineId (book cart) or courseId (courses), bookId, name, quantity, unitPriceCents.
  lines jsonb not null check (jsonb_typeof(lines) = 'array'),
  shipping jsonb not null,
  -- A hash of the source and the lines: the same unchanged cart has the same fingerprint.
  cart_fingerprint text not null,
  payment_intent_id text not null unique,
  client_secret text not null,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- At most one open payment per user and unchanged cart: two concurrent asks cannot create two.
create unique index payments_open_cart_key on payments (user_email, source, cart_fingerprint)
  where status in ('pending', 'failed');

-- Every Stripe event handled: the webhook's idempotency key (a replay inserts nothing).
create table stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);

-- Which line of its payment an order is, so a duplicate fulfilment cannot insert it twice; the
-- course it is for (course orders have no book).
alter table orders add column payment_id text references payments (id) on delete set null;
alter table orders add column payment_line integer check (payment_line >= 0);
alter table orders add column course_id text;
create unique index orders_payment_line_key on orders (payment_intent_id, payment_line);
-- The unique index leads with payment_intent_id: the plain one is no longer needed.
drop index orders_payment_intent_idx;
-- My Orders lists a user's orders newest first.
create index orders_user_created_idx on orders (user_email, created_at desc, payment_line);
drop index orders_user_email_idx;
