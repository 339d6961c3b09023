import type { Review } from '../../../contract/courses';
import type { Queryable } from '../client';

/** Course reviews (issue 31 §3): one per learner and course, editable; an admin may hide one. */

type ReviewRow = Omit<Review, 'mine' | 'createdAt' | 'updatedAt'> & {
  authorEmail: string;
  createdAt: Date | string;
  updatedAt: Date | string;
};

// A review shows the author's display name, never their address (D58).
const SELECT = `r.id as "_id", r.course_id as "courseId",
  coalesce(nullif(btrim(u.name), ''), 'A learner') as "authorName", r.rating, r.body as text,
  r.created_at as "createdAt", r.updated_at as "updatedAt", (r.hidden_at is not null) as hidden,
  r.user_email as "authorEmail"`;
const FROM = `course_reviews r join users u on u.email = r.user_email`;

function toReview(row: ReviewRow, callerEmail: string | null): Review {
  const { authorEmail, ...review } = row;
  return {
    ...review,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    mine: callerEmail !== null && authorEmail === callerEmail,
  };
}

/** A page of the course's visible reviews, newest (last written) first, and their count. */
export async function listVisibleReviews(
  db: Queryable,
  courseId: string,
  options: { page: number; pageSize: number; callerEmail: string | null },
): Promise<{ reviews: Review[]; total: number }> {
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from course_reviews
     where course_id = $1 and hidden_at is null`,
    [courseId],
  );
  const rows = await db.query<ReviewRow>(
    `select ${SELECT} from ${FROM}
     where r.course_id = $1 and r.hidden_at is null
     order by r.updated_at desc, r.id
     limit $2 offset $3`,
    [courseId, options.pageSize, (options.page - 1) * options.pageSize],
  );
  return {
    reviews: rows.map((row) => toReview(row, options.callerEmail)),
    total: count?.total ?? 0,
  };
}

/** Writes the learner's one review of the course; `created` is false for an edit. */
export async function upsertReview(
  tx: Queryable,
  review: { email: string; courseId: string; rating: number; text: string },
): Promise<{ review: Review; created: boolean }> {
  const [written] = await tx.query<{ id: string; created: boolean }>(
    `insert into course_reviews (user_email, course_id, rating, body) values ($1, $2, $3, $4)
     on conflict (user_email, course_id)
       do update set rating = excluded.rating, body = excluded.body, updated_at = now()
     returning id, (xmax = 0) as created`,
    [review.email, review.courseId, review.rating, review.text],
  );
  if (!written) throw new Error('the review was not written');
  const found = await findReview(tx, written.id, review.email);
  if (!found) throw new Error('the review was not written');
  return { review: found, created: written.created };
}

export async function findReview(
  db: Queryable,
  id: string,
  callerEmail: string | null,
): Promise<Review | null> {
  const [row] = await db.query<ReviewRow>(`select ${SELECT} from ${FROM} where r.id = $1`, [id]);
  return row ? toReview(row, callerEmail) : null;
}

/** Hides or shows a review; false when there is no such review. */
export async function setReviewHidden(
  tx: Queryable,
  id: string,
  hidden: boolean,
  adminEmail: string,
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `update course_reviews
     set hidden_at = case when $2 then coalesce(hidden_at, now()) end,
         hidden_by = case when $2 then $3 end
     where id = $1 returning id`,
    [id, hidden, adminEmail],
  );
  return rows.length > 0;
}
