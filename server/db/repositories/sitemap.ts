import type { Queryable } from '../client';

/** A listed page's id and its last change, as W3C datetime in UTC (`2025-01-31T12:00:00Z`). */
export type PageChange = { id: string; changedAt: string };

const W3C = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const utc = (sql: string) => `to_char((${sql}) at time zone 'UTC', ${W3C})`;

/**
 * A book's last change: its creation or its latest admin edit (the audit log's `book.*` entries;
 * a sale's stock change is no edit of the page's content).
 */
const BOOK_CHANGED = `greatest(b.created_at, (select max(a.created_at) from audit_log a
  where a.subject_id = b.id and a.action in ('book.create', 'book.update')))`;

/** The catalogue's books (not removed), oldest first, each with its last change. */
export async function listedBookChanges(db: Queryable): Promise<PageChange[]> {
  return db.query<PageChange>(
    `select b.id, ${utc(BOOK_CHANGED)} as "changedAt"
     from books b where b.removed_at is null order by b.created_at, b.id`,
  );
}

/** The catalogue page's last change: a book added, edited or removed; null with no book ever. */
export async function catalogueChange(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ changedAt: string | null }>(
    `select ${utc(`max(greatest(${BOOK_CHANGED}, b.removed_at))`)} as "changedAt" from books b`,
  );
  return row?.changedAt ?? null;
}

/** The listed courses (published, not removed) in the shop's order, with their last save. */
export async function listedCourseChanges(db: Queryable): Promise<PageChange[]> {
  return db.query<PageChange>(
    `select c.id, ${utc('c.updated_at')} as "changedAt" from courses c
     where c.published and c.removed_at is null order by c.position, c.id`,
  );
}

/**
 * The course list's last change: a listed course saved, or a course published, unpublished or
 * removed (the audit log's entries); null when neither ever happened.
 */
export async function courseListChange(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ changedAt: string | null }>(
    `select ${utc(`greatest(
       (select max(c.updated_at) from courses c where c.published and c.removed_at is null),
       (select max(a.created_at) from audit_log a
        where a.action in ('course.publish', 'course.unpublish', 'course.remove')))`)}
     as "changedAt"`,
  );
  return row?.changedAt ?? null;
}
