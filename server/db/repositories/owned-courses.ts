import type { Queryable } from '../client';

/**
 * The courses a user owns (docs/decisions.md D58): their course orders (one per course line of a
 * card payment that succeeded) that were not refunded. Deleting an order in My Orders only hides
 * it, so it does not give a course back; a refund does, and buying again owns it again.
 */

/** A course the user owns, as paid for: its id, its name then, and its first purchase (ISO). */
export type OwnedCourseRow = { courseId: string; name: string; boughtAt: string };

/** An order (`o`) that makes its user own its course. */
export const OWNED_ORDER = `o.course_id is not null and o.refunded_at is null`;

/** Each course the user owns once, with its earliest order still owned, newest first. */
export async function listOwnedCourses(db: Queryable, email: string): Promise<OwnedCourseRow[]> {
  const rows = await db.query<{ courseId: string; name: string; boughtAt: Date | string }>(
    `select o.course_id as "courseId",
            (array_agg(o.name order by o.created_at, o.id))[1] as name,
            min(o.created_at) as "boughtAt"
     from orders o
     where o.user_email = $1 and ${OWNED_ORDER}
     group by o.course_id
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
    `select distinct o.course_id as "courseId" from orders o
     where o.user_email = $1 and ${OWNED_ORDER} and o.course_id = any($2::text[])`,
    [email, courseIds],
  );
  return new Set(rows.map((row) => row.courseId));
}

/** Whether the user owns the course. */
export async function ownsCourse(db: Queryable, email: string, courseId: string): Promise<boolean> {
  return (await ownedCourseIds(db, email, [courseId])).has(courseId);
}
