-- Reports of chat messages and mutes (issue 17 §2). A report keeps the message as it was
-- reported: an admin's delete removes the message, and the report still shows what was said.
create table chat_reports (
  id bigint generated always as identity primary key,
  -- chat_messages.id; no foreign key: the message may be deleted, the report stays.
  message_id bigint not null,
  room text not null
    check (room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')),
  author_id text not null references users (id) on delete cascade,
  author_name text not null,
  msg text not null,
  message_created_at timestamptz not null,
  reporter_id text not null references users (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 500),
  status text not null default 'open' check (status in ('open', 'dismissed', 'deleted')),
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
-- The Reports screen: the open ones, newest first.
create index chat_reports_open_idx on chat_reports (id desc) where status = 'open';
-- A user reports a message once while the report is open (a second report is the same one).
create unique index chat_reports_open_once_key on chat_reports (message_id, reporter_id)
  where status = 'open';
create index chat_reports_author_idx on chat_reports (author_id);
create index chat_reports_reporter_idx on chat_reports (reporter_id);

-- Who may not send messages, until when (set by an admin from a report).
create table chat_mutes (
  user_id text primary key references users (id) on delete cascade,
  muted_until timestamptz not null,
  muted_by text not null,
  created_at timestamptz not null default now()
);

-- Moderation actions join the audit log (its subject: 'chat-report:<id>').
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('book.create', 'book.update', 'book.remove', 'book.refund', 'refund',
                    'chat.delete', 'chat.dismiss', 'chat.mute'));
