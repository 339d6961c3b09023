-- Drawings shared to a room from /drawing (issue 17 §1): a chat message may carry an image,
-- stored in `images` like an admin's upload, with its size so the thumbnail reserves its room.
-- An image message's text may be empty. Images are kept as uploads are (never deleted): an
-- author's or an admin's delete hides the message, and a report still shows what was shared.
alter table chat_messages
  add column image_id text references images (id),
  add column image_width integer check (image_width between 1 and 4096),
  add column image_height integer check (image_height between 1 and 4096),
  add constraint chat_messages_image_check check (
    (image_id is null) = (image_width is null) and (image_id is null) = (image_height is null)
  );

alter table chat_messages drop constraint chat_messages_msg_check;
alter table chat_messages add constraint chat_messages_msg_check check (
  case
    when deleted_at is not null then msg = ''
    when image_id is not null then char_length(msg) between 0 and 1000
    else char_length(msg) between 1 and 1000
  end
);

-- A report keeps the image as it was reported, as it keeps the text.
alter table chat_reports
  add column image_id text,
  add column image_width integer,
  add column image_height integer;
