-- The course builder's changes join the audit log (issue 31 §6; its subject: 'course:<id>').
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('book.create', 'book.update', 'book.remove', 'book.refund', 'refund',
                    'chat.delete', 'chat.dismiss', 'chat.mute',
                    'course.create', 'course.update', 'course.publish', 'course.unpublish',
                    'course.remove'));
