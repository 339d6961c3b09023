-- Reactions, edits and deletes by the author (issue 17 §2). An author's delete keeps the row as a
-- tombstone (no text, `deleted_at` set) so the room still shows "Message deleted" in its place;
-- an admin's delete still removes the row.

alter table chat_messages
  add column edited_at timestamptz,
  add column deleted_at timestamptz;

-- A tombstone's text is empty; any other message keeps 006's rule.
alter table chat_messages drop constraint chat_messages_msg_check;
alter table chat_messages add constraint chat_messages_msg_check check (
  case when deleted_at is null then char_length(msg) between 1 and 1000 else msg = '' end
);

-- One row per (message, user, emoji): a second click deletes it. `name` is the reactor's display
-- name when reacting, so someone who has left is still named.
create table chat_reactions (
  message_id bigint not null references chat_messages (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  emoji text not null check (emoji in ('👍', '❤️', '😂', '🎉', '🤔', '👀')),
  name text not null check (char_length(name) between 1 and 50),
  created_at timestamptz not null default now(),
  primary key (message_id, user_id, emoji)
);

-- Deleting a user removes their reactions (on delete cascade) through this index.
create index chat_reactions_user_idx on chat_reactions (user_id);
