-- The book cart's routes, and images uploaded by admins (kept in the database, so every server
-- process behind the load balancer serves the same ones).

-- One line per book per user: re-adding a book raises that line's quantity in one atomic
-- `insert … on conflict`. Lines whose book left the catalogue (book_id null) stay distinct. The
-- index leads with user_email, so it also serves the per-user lookups of the old index.
create unique index cart_lines_user_book_key on cart_lines (user_email, book_id);
drop index cart_lines_user_email_idx;

-- Insertion order, so a cart lists oldest first even when two lines share a timestamp.
alter table cart_lines add column position bigint generated always as identity;

create table images (
  id text primary key default gen_random_uuid()::text,
  -- Recognised from the bytes at upload, never taken from the client.
  content_type text not null
    check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  -- At most 5 MB (IMAGE_LIMITS.maxBytes).
  bytes bytea not null check (octet_length(bytes) between 1 and 5242880),
  -- A hash of the bytes: the ETag of the immutable GET /api/images/{id}.
  sha256 text not null,
  created_at timestamptz not null default now()
);
