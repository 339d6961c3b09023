-- Unread counts (issue 17 §2): each user's last-read message per room, and the name they chat
-- under (for mentions). Reading a room on one device clears it on every device.
create table chat_reads (
  user_id text not null references users (id) on delete cascade,
  room text not null
    check (room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')),
  -- The newest message of the room the user has seen (chat_messages.id; no foreign key: an
  -- admin's delete may remove it, and the mark still stands).
  last_read_id bigint not null,
  primary key (user_id, room)
);

-- The name the user last chatted under (the join form's, sent with the handshake): what a
-- mention of them looks like (`@Name`).
create table chat_names (
  user_id text primary key references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 50)
);
