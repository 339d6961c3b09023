-- Book pages, stock and the shop's operator side (issue 16, docs/product.md §3 "Book").

-- Author and description (plain text, line breaks kept) for the book's page. Books that existed
-- before this migration have none until an admin writes them (the seed fills its own books).
alter table books add column author text not null default '' check (char_length(author) <= 120);
alter table books add column description text not null default ''
  check (char_length(description) <= 2000);
-- Copies on hand. Books added before stock was counted start with 20 (a migration cannot know
-- the real figure; an admin corrects it on the Books screen).
alter table books add column stock integer not null default 0 check (stock between 0 and 100000);
update books set stock = 20;
-- A removed book leaves the catalogue and its page, but its row stays: carts show it as
-- unavailable and orders keep their record. Its name may be used again.
alter table books add column removed_at timestamptz;
alter table books drop constraint books_name_key;
create unique index books_live_name_key on books (name) where removed_at is null;

-- The catalogue's cached answers show name, author, price, image and category, not the stock, so
-- a sale (a stock-only update) does not throw away every process's cache.
drop trigger books_change_catalogue_version on books;
create trigger books_change_catalogue_version
  after insert or delete or truncate on books
  for each statement execute function bump_catalogue_version();
create trigger books_update_catalogue_version
  after update of name, price_cents, image, category, author, description, removed_at on books
  for each statement execute function bump_catalogue_version();

-- Copies held for a checkout between POST /payments/intent and Stripe's webhook: for 15 minutes,
-- or until the payment fails. The webhook turns them into sold stock with the orders. No foreign
-- key to payments: a reservation is made before Stripe is asked, and so before its payment row.
create table stock_reservations (
  payment_id text not null,
  book_id text not null references books (id),
  user_email text not null references users (email) on delete cascade on update cascade,
  quantity integer not null check (quantity > 0),
  expires_at timestamptz not null,
  primary key (payment_id, book_id)
);
create index stock_reservations_book_idx on stock_reservations (book_id, expires_at);

-- A payment whose books could not be delivered (their reservation lapsed and the stock went to
-- someone else) is refunded automatically: it never becomes orders.
alter table payments drop constraint payments_status_check;
alter table payments add constraint payments_status_check
  check (status in ('pending', 'succeeded', 'failed', 'refunded'));

-- Every admin change to a book, and every refund: who, when, what changed.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_email text not null,
  action text not null check (action in ('book.create', 'book.update', 'book.remove', 'refund')),
  -- The book's id or the payment's id.
  subject_id text not null,
  -- What changed: { field: [before, after] } for a book, the refunded lines for a refund.
  changes jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_subject_idx on audit_log (subject_id, id desc);
