-- Catalogue and newsletter. Later features add their tables in new numbered files;
-- an applied file is never edited.

create table books (
  id text primary key default gen_random_uuid()::text,
  name text not null unique,
  -- Money is integer cents; at most $10,000 per book.
  price_cents integer not null check (price_cents > 0 and price_cents <= 1000000),
  image text not null,
  category text not null check (category in ('programming', 'story', 'science fiction')),
  created_at timestamptz not null default now()
);

create index books_category_idx on books (category);
create index books_lower_name_idx on books (lower(name));

create table newsletter_subscribers (
  id text primary key default gen_random_uuid()::text,
  email text not null,
  created_at timestamptz not null default now()
);

-- One row per address, whatever its case.
create unique index newsletter_subscribers_email_key on newsletter_subscribers (lower(email));
