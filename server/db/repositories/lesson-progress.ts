import type { Queryable } from '../client';

/**
 * A learner's place in a course: completed lessons, the last lesson opened, and quiz attempts.
 * Kept across a refund (docs/decisions.md D58): bought again, the course opens where it was.
 */

/**
 * The learner's enrolment row in the course, made if missing and locked for the transaction: the
 * completions of one learner in one course run one at a time, so the last two lessons completed
 * at once still see each other and the certificate is issued.
 */
export async function lockEnrolment(tx: Queryable, email: string, courseId: string): Promise<void> {
  await tx.query(
    `insert into course_enrolments (user_email, course_id) values ($1, $2)
     on conflict (user_email, course_id) do update set user_email = excluded.user_email`,
    [email, courseId],
  );
}

/** Where the player resumes: the lesson just opened. */
export async function recordLastLesson(
  db: Queryable,
  email: string,
  courseId: string,
  lessonId: string,
): Promise<void> {
  await db.query(
    `insert into course_enrolments (user_email, course_id, last_lesson_id, last_opened_at)
     values ($1, $2, $3, now())
     on conflict (user_email, course_id)
       do update set last_lesson_id = excluded.last_lesson_id, last_opened_at = now()`,
    [email, courseId, lessonId],
  );
}

/** The lesson the learner last opened in the course (null: none, or it was removed). */
export async function lastLessonId(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<string | null> {
  const [row] = await db.query<{ lastLessonId: string | null }>(
    `select last_lesson_id as "lastLessonId" from course_enrolments
     where user_email = $1 and course_id = $2`,
    [email, courseId],
  );
  return row?.lastLessonId ?? null;
}

/** The course's lessons the learner completed, in the course's order. */
export async function completedLessonIds(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select p.lesson_id as id
     from lesson_progress p
       join course_lessons l on l.id = p.lesson_id
       join course_sections s on s.id = l.section_id
     where p.user_email = $1 and p.course_id = $2
     order by s.position, s.id, l.position, l.id`,
    [email, courseId],
  );
  return rows.map((row) => row.id);
}

/** Ticks a lesson (again: nothing changes, the first completion's time stays). */
export async function markLessonComplete(
  tx: Queryable,
  email: string,
  courseId: string,
  lessonId: string,
): Promise<void> {
  await tx.query(
    `insert into lesson_progress (user_email, course_id, lesson_id) values ($1, $2, $3)
     on conflict (user_email, lesson_id) do nothing`,
    [email, courseId, lessonId],
  );
}

export async function markLessonIncomplete(
  tx: Queryable,
  email: string,
  lessonId: string,
): Promise<void> {
  await tx.query(`delete from lesson_progress where user_email = $1 and lesson_id = $2`, [
    email,
    lessonId,
  ]);
}

/** Whether the learner completed at least one lesson of the course (a review needs one). */
export async function hasCompletedALesson(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>(
    `select exists (select 1 from lesson_progress where user_email = $1 and course_id = $2) as any`,
    [email, courseId],
  );
  return row?.any ?? false;
}

export async function insertQuizAttempt(
  tx: Queryable,
  attempt: {
    email: string;
    courseId: string;
    lessonId: string;
    answers: number[][];
    score: number;
    passed: boolean;
  },
): Promise<void> {
  await tx.query(
    `insert into quiz_attempts (user_email, course_id, lesson_id, answers, score, passed)
     values ($1, $2, $3, $4::jsonb, $5, $6)`,
    [
      attempt.email,
      attempt.courseId,
      attempt.lessonId,
      JSON.stringify(attempt.answers),
      attempt.score,
      attempt.passed,
    ],
  );
}

/** A learner's standing in each of `courseIds` (My Courses): counts, resume point, certificate. */
export type CourseStanding = {
  courseId: string;
  name: string;
  image: string;
  lessons: number;
  completed: number;
  lastLessonId: string | null;
  firstLessonId: string | null;
  certificateId: string | null;
};

export async function courseStandings(
  db: Queryable,
  email: string,
  courseIds: readonly string[],
): Promise<Map<string, CourseStanding>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db.query<CourseStanding>(
    `select c.id as "courseId", c.name, c.image,
       (select count(*)::int from course_lessons l where l.course_id = c.id) as lessons,
       (select count(*)::int from lesson_progress p where p.user_email = $1 and p.course_id = c.id)
         as completed,
       (select e.last_lesson_id from course_enrolments e
         where e.user_email = $1 and e.course_id = c.id) as "lastLessonId",
       (select l.id from course_lessons l join course_sections s on s.id = l.section_id
         where l.course_id = c.id order by s.position, s.id, l.position, l.id limit 1)
         as "firstLessonId",
       (select ct.id from certificates ct where ct.user_email = $1 and ct.course_id = c.id)
         as "certificateId"
     from courses c where c.id = any($2::text[])`,
    [email, courseIds],
  );
  return new Map(rows.map((row) => [row.courseId, row]));
}
