-- Each beacon names its page view (docs/decisions.md D53): a second beacon of the same view adds
-- only metrics the view does not have yet, so no view counts twice. Rows stored before have no id.
alter table web_vitals add column view_id text
  check (view_id ~ '^[A-Za-z0-9_-]{16,64}$');
create unique index web_vitals_view_id_key on web_vitals (view_id);
