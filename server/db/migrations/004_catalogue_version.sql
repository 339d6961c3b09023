-- The catalogue's version: every statement that changes books bumps it (a trigger, so no write
-- path can forget), and each server process keeps its cached catalogue answers only while the
-- version it read still holds.
create table catalogue_version (
  id boolean primary key default true check (id),
  version bigint not null
);

insert into catalogue_version (version) values (1);

create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  return null;
end
$$;

create trigger books_change_catalogue_version
  after insert or update or delete or truncate on books
  for each statement execute function bump_catalogue_version();

-- Search: `name ilike` folds the case of every row on every search (slow in PGlite's WASM);
-- the folded name is kept instead, and matched with a plain LIKE against the folded pattern.
alter table books add column name_folded text generated always as (lower(name)) stored;

-- The catalogue's orders (see server/db/repositories/books.ts), so a page is read from an index
-- instead of sorting every book.
create index books_name_order_idx on books (lower(name) collate "C", name collate "C", id collate "C");
create index books_price_order_idx
  on books (price_cents, lower(name) collate "C", name collate "C", id collate "C");
create index books_price_desc_order_idx
  on books (price_cents desc, lower(name) collate "C", name collate "C", id collate "C");
