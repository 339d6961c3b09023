-- An admin hiding or showing a course review joins the audit log (its subject:
-- 'course-review:<id>'; issue 31 §3, docs/decisions.md D58).
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('book.create', 'book.update', 'book.remove', 'book.refund', 'refund',
                    'chat.delete', 'chat.dismiss', 'chat.mute',
                    'course.review.hide', 'course.review.show'));
