import type { LessonKind } from '../../../contract/course-rules';
import type { Queryable } from '../client';
import { LESSON_ORDER } from './courses';

/**
 * A learner's place in a course: completed lessons, the last lesson opened, and quiz attempts.
 * Kept across a refund (docs/decisions.md D58): bought again, the course opens where it was.
 */

/**
 * Ticks (`completed`) or unticks a reading or video lesson of the course, in one statement, and
 * answers the lesson's kind: null when the course has no such lesson, `quiz` when nothing was
 * written (a quiz completes only by passing). Ticking again keeps the first completion's time.
 */
export async function writeLessonTick(
  db: Queryable,
  tick: { email: string; courseId: string; lessonId: string; completed: boolean },
): Promise<LessonKind | null> {
  const [row] = await db.query<{ kind: LessonKind }>(
    `with lesson as (
       select kind from course_lessons where id = $3 and course_id = $2
     ),
     ticked as (
       insert into lesson_progress (user_email, course_id, lesson_id)
       select $1, $2, $3 from lesson where $4 and kind <> 'quiz'
       on conflict (user_email, lesson_id) do nothing
     ),
     unticked as (
       delete from lesson_progress p
       where not $4 and p.user_email = $1 and p.lesson_id = $3
         and exists (select 1 from lesson where kind <> 'quiz')
     )
     select kind from lesson`,
    [tick.email, tick.courseId, tick.lessonId, tick.completed],
  );
  return row?.kind ?? null;
}

/** Keeps a graded attempt and, when it passed, completes the quiz lesson: one statement. */
export async function recordQuizAttempt(
  db: Queryable,
  attempt: {
    email: string;
    courseId: string;
    lessonId: string;
    answers: number[][];
    score: number;
    passed: boolean;
  },
): Promise<void> {
  await db.query(
    `with attempt as (
       insert into quiz_attempts (user_email, course_id, lesson_id, answers, score, passed)
       values ($1, $2, $3, $4::jsonb, $5, $6)
     )
     insert into lesson_progress (user_email, course_id, lesson_id)
     select $1, $2, $3 where $6
     on conflict (user_email, lesson_id) do nothing`,
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

/** A learner's progress in a course as one row: what the progress routes answer. */
export type ProgressRow = {
  completed: string[];
  lessons: number;
  lastLessonId: string | null;
  certificateId: string | null;
};

/**
 * The learner's progress in the course, issuing the certificate (with `certificateId` as its id)
 * if every lesson is complete and none was issued: one statement, run after the write that
 * completed a lesson has committed. Of two last lessons completed at once, the later commit's
 * statement sees both, so the certificate is issued without a lock; a conflict keeps the first.
 * Reading progress runs it too, so a certificate earned just before a crash is issued next time.
 * The name is the user's display name (else the address's local part) and the course's, as now.
 */
export async function settleProgress(
  db: Queryable,
  email: string,
  courseId: string,
  certificateId: string,
): Promise<ProgressRow> {
  const [row] = await db.query<ProgressRow>(
    `with done as (
       select p.lesson_id as id, row_number() over (order by ${LESSON_ORDER}) as n
       from lesson_progress p
         join course_lessons l on l.id = p.lesson_id
         join course_sections s on s.id = l.section_id
       where p.user_email = $1 and p.course_id = $2
     ),
     total as (select count(*)::int as lessons from course_lessons where course_id = $2),
     issued as (
       insert into certificates (id, user_email, course_id, learner_name, course_name)
       select $3, u.email, c.id, coalesce(nullif(btrim(u.name), ''), split_part(u.email, '@', 1)),
         c.name
       from users u, courses c, total
       where u.email = $1 and c.id = $2 and total.lessons > 0
         and (select count(*) from done) >= total.lessons
       on conflict (user_email, course_id) do nothing
       returning id
     )
     select
       coalesce((select array_agg(id order by n) from done), '{}') as completed,
       total.lessons,
       (select e.last_lesson_id from course_enrolments e
         where e.user_email = $1 and e.course_id = $2) as "lastLessonId",
       coalesce((select id from issued),
         (select ct.id from certificates ct where ct.user_email = $1 and ct.course_id = $2))
         as "certificateId"
     from total`,
    [email, courseId, certificateId],
  );
  if (!row) throw new Error('the progress query answered no row');
  return row;
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
         where l.course_id = c.id order by ${LESSON_ORDER} limit 1)
         as "firstLessonId",
       (select ct.id from certificates ct where ct.user_email = $1 and ct.course_id = c.id)
         as "certificateId"
     from courses c where c.id = any($2::text[])`,
    [email, courseIds],
  );
  return new Map(rows.map((row) => [row.courseId, row]));
}
