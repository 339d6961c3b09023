-- Every charge ends as an order or a refund (docs/decisions.md D56): besides Stripe's webhook, the
-- server asks Stripe about each payment it still holds open. `reconcile_after` is when it next
-- asks: a minute after the payment is made (the webhook's time to land), then ever less often as
-- the payment ages. Only open payments (pending, or failed: a declined card may be followed by a
-- good one on the same PaymentIntent) are asked about.
alter table payments add column reconcile_after timestamptz;
update payments set reconcile_after = created_at + interval '1 minute'
  where status in ('pending', 'failed');
alter table payments alter column reconcile_after set default now() + interval '1 minute';
create index payments_reconcile_idx on payments (reconcile_after)
  where status in ('pending', 'failed');

-- The same for an admin's refund whose webhook never came (it would stay "Refund pending").
alter table refunds add column reconcile_after timestamptz;
update refunds set reconcile_after = created_at + interval '1 minute' where status = 'pending';
alter table refunds alter column reconcile_after set default now() + interval '1 minute';
create index refunds_reconcile_idx on refunds (reconcile_after) where status = 'pending';

-- What one account may hold or have in its cart of one book (issue 30 §2): 10 copies.
update cart_lines set quantity = 10 where quantity > 10;
