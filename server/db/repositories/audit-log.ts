import type { Queryable } from '../client';

export type AuditAction =
  | 'book.create'
  | 'book.update'
  | 'book.remove'
  | 'book.refund'
  | 'refund'
  // A chat report's moderation (subject: 'chat-report:<id>').
  | 'chat.delete'
  | 'chat.dismiss'
  | 'chat.mute'
  // A course review hidden or shown again (subject: 'course-review:<id>').
  | 'course.review.hide'
  | 'course.review.show'
  // The course builder (subject: 'course:<id>'; docs/decisions.md D60).
  | 'course.create'
  | 'course.update'
  | 'course.publish'
  | 'course.unpublish'
  | 'course.remove';

/** One admin change: who, when, what (docs/architecture.md, "Audit log"). */
export type AuditEntry = {
  id: string;
  actorEmail: string;
  action: AuditAction;
  subjectId: string;
  changes: Record<string, unknown>;
  createdAt: string;
};

type AuditRow = {
  id: string;
  actor_email: string;
  action: AuditAction;
  subject_id: string;
  changes: Record<string, unknown>;
  created_at: Date | string;
};

/** Records an admin change, in the transaction that makes it (so neither exists without the other). */
export async function recordAudit(
  tx: Queryable,
  entry: Pick<AuditEntry, 'actorEmail' | 'action' | 'subjectId' | 'changes'>,
): Promise<void> {
  await tx.query(
    `insert into audit_log (actor_email, action, subject_id, changes) values ($1, $2, $3, $4::jsonb)`,
    [entry.actorEmail, entry.action, entry.subjectId, JSON.stringify(entry.changes)],
  );
}

/** A book's or a payment's changes, newest first. */
export async function listAudit(
  db: Queryable,
  subjectId: string,
  limit = 50,
): Promise<AuditEntry[]> {
  const rows = await db.query<AuditRow>(
    `select id::text as id, actor_email, action, subject_id, changes, created_at
     from audit_log where subject_id = $1 order by id desc limit $2`,
    [subjectId, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    actorEmail: row.actor_email,
    action: row.action,
    subjectId: row.subject_id,
    changes: row.changes,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
