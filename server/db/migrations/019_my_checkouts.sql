-- My Orders by checkout (docs/product.md §2.13): one user's paid payments, newest first.
create index payments_user_paid_idx on payments (user_email, created_at desc, id)
  where status in ('succeeded', 'refunded');
