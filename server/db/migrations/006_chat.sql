-- Chat messages of the six rooms (docs/decisions.md). The server stamps `created_at` and keeps the
-- sender's account id, so "own" messages are decided by identity, not by the display name.

create table chat_messages (
  -- Increasing: a room's order (history pages and their cursors go by id, not by time, which
  -- the clock can repeat or, on some platforms, even step back within a millisecond).
  id bigint generated always as identity primary key,
  room text not null
    check (room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')),
  user_id text not null references users (id) on delete cascade,
  -- The display name the sender gave (trimmed).
  name text not null check (char_length(name) between 1 and 50),
  -- Plain text, trimmed, stored as given.
  msg text not null check (char_length(msg) between 1 and 1000),
  -- Chosen by the client so that a message retried after a reconnect is stored once.
  client_id text check (char_length(client_id) between 1 and 64),
  created_at timestamptz not null default now()
);

-- History pages: a room's messages by id, newest first or after a given one.
create index chat_messages_room_id_idx on chat_messages (room, id);
-- One message per (sender, client id); rows without a client id are never duplicates.
create unique index chat_messages_client_id_key on chat_messages (user_id, client_id);
-- Deleting a user removes their messages (on delete cascade) through this index.
create index chat_messages_user_idx on chat_messages (user_id);
