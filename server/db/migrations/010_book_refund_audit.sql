-- A refund is also written to each refunded book's history (issue 16: "every refund … shown in
-- the book's and the order's detail"): one 'book.refund' row per book, beside the payment's 'refund'.
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check
  check (action in ('book.create', 'book.update', 'book.remove', 'book.refund', 'refund'));
