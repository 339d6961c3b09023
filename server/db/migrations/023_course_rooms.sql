-- Each course has its study room, `course-<courseId>` (issue 31 §4, docs/decisions.md D61): the
-- chat's tables take those names beside the six topic rooms. Whether the course exists, and who
-- may enter, is the server's rule (server/chat/room-access.ts), not the table's.
alter table chat_messages drop constraint chat_messages_room_check;
alter table chat_messages add constraint chat_messages_room_check check (
  room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')
  or room ~ '^course-[a-z0-9][a-z0-9-]{0,63}$'
);
alter table boards drop constraint boards_room_check;
alter table boards add constraint boards_room_check check (
  room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')
  or room ~ '^course-[a-z0-9][a-z0-9-]{0,63}$'
);
alter table chat_reports drop constraint chat_reports_room_check;
alter table chat_reports add constraint chat_reports_room_check check (
  room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')
  or room ~ '^course-[a-z0-9][a-z0-9-]{0,63}$'
);
alter table chat_reads drop constraint chat_reads_room_check;
alter table chat_reads add constraint chat_reads_room_check check (
  room in ('JavaScript', 'PHP', 'Python', 'Java', 'TypeScript', 'C#')
  or room ~ '^course-[a-z0-9][a-z0-9-]{0,63}$'
);

-- A course room's board row is made when the room is first joined (server/chat/room-access.ts);
-- the courses there are now have theirs at once.
insert into boards (room) select 'course-' || id from courses on conflict do nothing;
