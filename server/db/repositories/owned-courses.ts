import type { Queryable } from '../client';

/**
 * The courses a user owns: the course lines of their card payments that succeeded. Read from the
 * payments, not the orders: deleting an order in My Orders does not give a course back.
 */

/** A course the user owns, as paid for: its id, its name then, and its first purchase (ISO). */
export type OwnedCourseRow = { courseId: string; name: string; boughtAt: string };

/**
 * Each course the user owns once, with its earliest succeeded payment (a payment's `updated_at`
 * is when it was marked succeeded: nothing updates a succeeded payment), newest first.
 */
export async function listOwnedCourses(db: Queryable, email: string): Promise<OwnedCourseRow[]> {
  const rows = await db.query<{ courseId: string; name: string; boughtAt: Date | string }>(
    `select x."courseId" as "courseId",
            (array_agg(x.name order by p.updated_at, p.id))[1] as name,
            min(p.updated_at) as "boughtAt"
     from payments p, jsonb_to_recordset(p.lines) as x("courseId" text, name text)
     where p.user_email = $1 and p.source = 'courses' and p.status = 'succeeded'
       and x."courseId" is not null
     group by x."courseId"
     order by "boughtAt" desc, "courseId"`,
    [email],
  );
  return rows.map((row) => ({ ...row, boughtAt: new Date(row.boughtAt).toISOString() }));
}

/** Which of `courseIds` the user owns. */
export async function ownedCourseIds(
  db: Queryable,
  email: string,
  courseIds: readonly string[],
): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db.query<{ courseId: string }>(
    `select distinct x."courseId" as "courseId"
     from payments p, jsonb_to_recordset(p.lines) as x("courseId" text)
     where p.user_email = $1 and p.source = 'courses' and p.status = 'succeeded'
       and x."courseId" = any($2::text[])`,
    [email, courseIds],
  );
  return new Set(rows.map((row) => row.courseId));
}
