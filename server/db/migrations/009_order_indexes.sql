-- The admin's Orders and Sales screens at a shop's scale (bench/admin-orders.ts: 100,000 orders).

-- A payment's orders: the order detail and its refunds, the best-sellers (orders joined to the
-- period's payments), and the `on delete set null` from payments, which had no index to use.
create index orders_payment_idx on orders (payment_id);

-- What was refunded of each payment (the Orders screen's refunded sum, per listed checkout): only
-- the few refunded lines, with what they cost, so the sum reads nothing else.
create index orders_refunded_payment_idx on orders (payment_id) include (price_cents, quantity)
  where refunded_at is not null;

-- The admin's Orders screen counts every paid checkout (payments succeeded or refunded) on each
-- page, and lists them newest first. Narrow and holding only those, this index lets the count be
-- an index-only scan once the table is vacuumed (PostgreSQL's autovacuum): 50,000 checkouts
-- counted in ~6 ms instead of a ~20 ms scan of the whole table (payments rows are wide).
create index payments_paid_created_idx on payments (created_at desc, id)
  where status in ('succeeded', 'refunded');

-- Sales: the payments refunded in full, by the day they were (their updated_at); without it, a
-- scan of every payment.
create index payments_refunded_updated_idx on payments (updated_at) where status = 'refunded';

-- Sales: the best-sellers read the orders of the period's payments. Bounded by the orders' own
-- created_at too (an order is written when its payment succeeds, never before the payment), they
-- come from this index instead of a scan of every order.
create index orders_created_idx on orders (created_at);
