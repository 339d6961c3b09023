import { lessonContentSchema, type LessonContent } from '../../../contract/courses';
import type { LessonKind } from '../../../contract/course-rules';
import type { Queryable } from '../client';
import { OWNED_ORDER } from './owned-courses';

/**
 * Courses as the learner's side reads them (issue 31, docs/product.md §2.25–2.28). "Listed" is
 * published and not removed: what the shop shows and sells.
 */

const LISTED = `c.published and c.removed_at is null`;

/** The order of a course's lessons (`l`) by their sections (`s`), as the outline shows them. */
export const LESSON_ORDER = `s.position, s.id, l.position, l.id`;

/** A course's average rating of its visible reviews, to one decimal, and their count. */
export type CourseRating = { average: number; count: number } | null;

/**
 * Whether a course exists, whether it is listed, and whether `email` owns it (OWNED_ORDER), in one
 * query: what the `course-owner` policy asks on every learner's request.
 */
export async function findCourseState(
  db: Queryable,
  courseId: string,
  email: string,
): Promise<{ listed: boolean; owned: boolean } | null> {
  const [row] = await db.query<{ listed: boolean; owned: boolean }>(
    `select (${LISTED}) as listed, exists (
       select 1 from orders o where o.user_email = $2 and o.course_id = c.id and ${OWNED_ORDER}
     ) as owned
     from courses c where c.id = $1`,
    [courseId, email],
  );
  return row ?? null;
}

export type CourseRow = {
  id: string;
  name: string;
  priceCents: number;
  image: string;
  summary: string;
  description: string;
  outcomes: string[];
  published: boolean;
  removed: boolean;
  listed: boolean;
};

const COURSE_SELECT = `c.id, c.name, c.price_cents as "priceCents", c.image, c.summary,
  c.description, c.outcomes, c.published, (c.removed_at is not null) as removed,
  (${LISTED}) as listed`;

/** One course, listed or not; null when there is no such row. */
export async function findCourse(db: Queryable, courseId: string): Promise<CourseRow | null> {
  const [row] = await db.query<CourseRow>(
    `select ${COURSE_SELECT} from courses c where c.id = $1`,
    [courseId],
  );
  return row ?? null;
}

const RATING_SQL = `(select json_build_object('average', round(avg(r.rating)::numeric, 1)::float8,
    'count', count(*)::int)
  from course_reviews r where r.course_id = c.id and r.hidden_at is null having count(*) > 0)`;

export type ListedCourse = Pick<CourseRow, 'id' | 'name' | 'priceCents' | 'image' | 'summary'> & {
  lessons: number;
  minutes: number;
  rating: CourseRating;
};

/** The listed courses in the shop's order, with their lessons, minutes and rating. */
export async function listListedCourses(db: Queryable): Promise<ListedCourse[]> {
  return db.query<ListedCourse>(
    `select c.id, c.name, c.price_cents as "priceCents", c.image, c.summary,
       (select count(*)::int from course_lessons l where l.course_id = c.id) as lessons,
       (select coalesce(sum(l.minutes), 0)::int from course_lessons l where l.course_id = c.id)
         as minutes,
       ${RATING_SQL} as rating
     from courses c where ${LISTED}
     order by c.position, c.id`,
  );
}

/** A course's rating (its visible reviews). */
export async function courseRating(db: Queryable, courseId: string): Promise<CourseRating> {
  const [row] = await db.query<{ rating: CourseRating }>(
    `select ${RATING_SQL} as rating from courses c where c.id = $1`,
    [courseId],
  );
  return row?.rating ?? null;
}

/** The listed courses among `courseIds` (what checkout may sell), by id. */
export async function findSellableCourses(
  db: Queryable,
  courseIds: readonly string[],
): Promise<Map<string, { id: string; name: string; priceCents: number }>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; name: string; priceCents: number }>(
    `select c.id, c.name, c.price_cents as "priceCents" from courses c
     where c.id = any($1::text[]) and ${LISTED}`,
    [courseIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The current names of the courses among `courseIds` that still have a row, by id. */
export async function courseNames(
  db: Queryable,
  courseIds: readonly string[],
): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db.query<{ id: string; name: string }>(
    `select id, name from courses where id = any($1::text[])`,
    [courseIds],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A lesson in the course's order, with its section's id and title. */
export type OutlineLesson = {
  id: string;
  sectionId: string;
  sectionTitle: string;
  title: string;
  kind: LessonKind;
  minutes: number;
  preview: boolean;
};

/** The course's sections (even empty ones) and lessons, in order. */
export async function courseOutline(
  db: Queryable,
  courseId: string,
): Promise<{ sections: { id: string; title: string }[]; lessons: OutlineLesson[] }> {
  const sections = await db.query<{ id: string; title: string }>(
    `select id, title from course_sections where course_id = $1 order by position, id`,
    [courseId],
  );
  const lessons = await db.query<OutlineLesson>(
    `select l.id, l.section_id as "sectionId", s.title as "sectionTitle", l.title, l.kind,
       l.minutes, l.preview
     from course_lessons l join course_sections s on s.id = l.section_id
     where l.course_id = $1
     order by ${LESSON_ORDER}`,
    [courseId],
  );
  return { sections, lessons };
}

/** One lesson of the course with its content (answers included); null when not in the course. */
export async function findLesson(
  db: Queryable,
  courseId: string,
  lessonId: string,
): Promise<(OutlineLesson & { content: LessonContent }) | null> {
  const [row] = await db.query<OutlineLesson & { content: unknown }>(
    `select l.id, l.section_id as "sectionId", s.title as "sectionTitle", l.title, l.kind,
       l.minutes, l.preview, l.content
     from course_lessons l join course_sections s on s.id = l.section_id
     where l.course_id = $1 and l.id = $2`,
    [courseId, lessonId],
  );
  if (!row) return null;
  // Written through the same schema (seed and builder); parsed so a bad row fails loudly.
  return { ...row, content: lessonContentSchema.parse(row.content) };
}

/** A lesson as the player opens it: its place in the course and its neighbours. */
export type LessonToOpen = OutlineLesson & {
  content: LessonContent;
  number: number;
  previousLessonId: string | null;
  nextLessonId: string | null;
};

/** What opening a lesson needs to know, and whether the opening was kept as the resume point. */
export type LessonOpening = {
  listed: boolean;
  owned: boolean;
  lesson: LessonToOpen | null;
};

/**
 * Opens a lesson in one statement: the course's state, whether `email` owns it (OWNED_ORDER),
 * the lesson with its neighbours in the course's order, and, for an owner, the lesson kept as
 * where the player resumes. Null when there is no such course.
 */
export async function openLessonRow(
  db: Queryable,
  courseId: string,
  lessonId: string,
  email: string | null,
): Promise<LessonOpening | null> {
  const [row] = await db.query<{
    listed: boolean;
    owned: boolean;
    lesson: (Omit<LessonToOpen, 'content'> & { content: unknown }) | null;
  }>(
    `with own as (
       select $3::text is not null and exists (
         select 1 from orders o where o.user_email = $3 and o.course_id = $1 and ${OWNED_ORDER}
       ) as owned
     ),
     ordered as (
       select l.id, s.title as "sectionTitle",
         row_number() over w as number, lag(l.id) over w as prev, lead(l.id) over w as next
       from course_lessons l join course_sections s on s.id = l.section_id
       where l.course_id = $1
       window w as (order by ${LESSON_ORDER})
     ),
     lesson as (
       select l.id, l.section_id as "sectionId", o."sectionTitle", l.title, l.kind, l.minutes,
         l.preview, l.content, o.number::int as number, o.prev as "previousLessonId",
         o.next as "nextLessonId"
       from course_lessons l join ordered o on o.id = l.id
       where l.id = $2
     ),
     resume as (
       insert into course_enrolments (user_email, course_id, last_lesson_id, last_opened_at)
       select $3, $1, lesson.id, now() from own, lesson where own.owned
       on conflict (user_email, course_id)
         do update set last_lesson_id = excluded.last_lesson_id, last_opened_at = now()
     )
     select (${LISTED}) as listed, own.owned,
       (select row_to_json(lesson) from lesson) as lesson
     from courses c, own
     where c.id = $1`,
    [courseId, lessonId, email],
  );
  if (!row) return null;
  const { lesson } = row;
  return {
    listed: row.listed,
    owned: row.owned,
    // Written through the same schema (seed and builder); parsed so a bad row fails loudly.
    lesson: lesson ? { ...lesson, content: lessonContentSchema.parse(lesson.content) } : null,
  };
}
