-- The admins' course changes join the audit log (issue 31): the course builder's (subject
-- 'course:<id>', docs/decisions.md D60) and hiding or showing a review (subject
-- 'course-review:<id>', D58).
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('book.create', 'book.update', 'book.remove', 'book.refund', 'refund',
                    'chat.delete', 'chat.dismiss', 'chat.mute',
                    'course.create', 'course.update', 'course.publish', 'course.unpublish',
                    'course.remove', 'course.review.hide', 'course.review.show'));
