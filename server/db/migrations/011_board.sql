-- The shared whiteboard of each chat room (contract/board.ts): an append-only log of changes per
-- room, numbered by `seq` (1, 2, 3, … per room), so a client coming back tells the last seq it
-- applied and gets exactly what followed.

-- One row per room: the counter writers lock (`for update`) to take the next seq, so concurrent
-- writers on any process get distinct, increasing seqs.
create table boards (
  room text primary key
    check (room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')),
  -- The seq of the room's latest change (0: none yet).
  last_seq bigint not null default 0,
  -- The seq of the latest 'cleared' change (0: never cleared): the live strokes come after it.
  cleared_seq bigint not null default 0,
  -- Strokes on the board now (after the last clear, not taken back): the cap is checked on it.
  live_strokes integer not null default 0 check (live_strokes >= 0),
  -- The board's picture of its compacted strokes (a PNG data URL; null: none). Beyond
  -- BOARD_LIMITS.maxStrokesPerBoard strokes, the oldest are drawn into it (server/chat/board.ts).
  image text,
  -- The log holds every change after this seq: those up to it were drawn into the image or came
  -- before a clear, and a client that last saw an earlier seq gets the whole board.
  compacted_seq bigint not null default 0
);

insert into boards (room)
values ('JavaScript'), ('PHP'), ('Python'), ('Java'), ('TypeScript'), ('C#');

create table board_changes (
  room text not null references boards (room),
  seq bigint not null check (seq > 0),
  kind text not null check (kind in ('stroke', 'removed', 'cleared')),
  -- The stroke added ('stroke') or taken back ('removed'); null for 'cleared'.
  stroke_id text check (char_length(stroke_id) between 1 and 64),
  -- Who made the change. Null once the account is deleted: the board keeps what was drawn (its
  -- clients hold it already), only the drawer is no longer known.
  user_id text references users (id) on delete set null,
  -- The stroke's colour, size and points ('stroke' only).
  stroke jsonb,
  created_at timestamptz not null default now(),
  primary key (room, seq),
  check ((kind = 'cleared') = (stroke_id is null)),
  check ((kind = 'stroke') = (stroke is not null))
);

-- A stroke id is added once per room (a retried drawStroke finds it) and taken back at most once.
create unique index board_changes_stroke_key on board_changes (room, stroke_id, kind);
-- Undo: a user's latest stroke in a room; deleting a user sets user_id to null through it.
create index board_changes_user_idx on board_changes (user_id, room, seq);
