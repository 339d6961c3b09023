-- Accounts (created at the first token exchange), plus the book cart and orders that belong to
-- them. Cart and orders reference users(email) with `on delete cascade`, so deleting a user
-- removes everything that is theirs in one statement.

create table users (
  id text primary key default gen_random_uuid()::text,
  -- Always stored lower-cased and trimmed (the API normalises before it writes or compares).
  email text not null unique check (email = lower(btrim(email)) and email <> ''),
  firebase_uid text,
  role text not null default 'user' check (role in ('user', 'admin')),
  name text not null default '',
  education text not null default '',
  phone_number text not null default '',
  address text not null default '',
  social text not null default '',
  -- The Firebase account's creation time; null until known.
  sign_up_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The last-admin check reads every admin row.
create index users_admin_idx on users (role) where role = 'admin';

create table cart_lines (
  id text primary key default gen_random_uuid()::text,
  user_email text not null references users (email) on delete cascade on update cascade,
  -- Null when the book left the catalogue; the line keeps its name and price for display.
  book_id text references books (id) on delete set null,
  name text not null,
  price_cents integer not null check (price_cents > 0),
  quantity integer not null check (quantity between 1 and 99),
  image text not null default '',
  created_at timestamptz not null default now()
);

create index cart_lines_user_email_idx on cart_lines (user_email);

create table orders (
  id text primary key default gen_random_uuid()::text,
  user_email text not null references users (email) on delete cascade on update cascade,
  -- No foreign key: an order is a record of what was sold, even after the book is gone.
  book_id text,
  name text not null,
  quantity integer not null check (quantity > 0),
  price_cents integer not null check (price_cents > 0),
  shipping jsonb,
  payment_intent_id text,
  created_at timestamptz not null default now()
);

create index orders_user_email_idx on orders (user_email);
create index orders_payment_intent_idx on orders (payment_intent_id);
