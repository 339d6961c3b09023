import { lessonContentSchema, type LessonContent } from '../../../contract/courses';
import type { Queryable } from '../client';
import type { CourseRow as StoredCourse } from './courses';

/**
 * The admin's course builder (issue 31 §6, docs/decisions.md D60): every course that is not
 * removed, drafts included, with its sections and lessons and their answers. The learner's reads
 * are server/db/repositories/courses.ts.
 */

/** A course's own fields, as stored (price in cents): courses.ts's row without its listing flags. */
export type CourseMeta = Omit<StoredCourse, 'removed' | 'listed'> & {
  /** ISO 8601, to the millisecond (the builder's version). */
  updatedAt: string;
};

export type StoredSection = { id: string; title: string; position: number };

export type StoredLesson = {
  id: string;
  courseId: string;
  sectionId: string;
  title: string;
  minutes: number;
  preview: boolean;
  position: number;
  content: LessonContent;
};

export type AdminCourseListRow = {
  _id: string;
  name: string;
  priceCents: number;
  image: string;
  summary: string;
  lessons: number;
  minutes: number;
  rating: { average: number; count: number } | null;
  published: boolean;
  owners: number;
  updatedAt: string;
};

/** A course's columns under `CourseMeta`'s names (toMeta makes `updatedAt` an ISO string). */
const COURSE_COLUMNS = `id, name, price_cents as "priceCents", image, summary, description, outcomes,
  published, updated_at as "updatedAt"`;

type CourseRow = Omit<CourseMeta, 'updatedAt'> & { updatedAt: Date | string };

function toMeta(row: CourseRow): CourseMeta {
  return { ...row, updatedAt: new Date(row.updatedAt).toISOString() };
}

// Owners as owned-courses.ts counts them: course orders not refunded, each user once.
const OWNERS_SQL = `(select count(distinct o.user_email)::int from orders o
  where o.course_id = c.id and o.refunded_at is null)`;

/** Every course not removed, drafts too, in the shop's order, with lessons, owners and rating. */
export async function listCoursesForAdmin(db: Queryable): Promise<AdminCourseListRow[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    price_cents: number;
    image: string;
    summary: string;
    published: boolean;
    updated_at: Date | string;
    lessons: number;
    minutes: number;
    owners: number;
    rating_average: string | number | null;
    rating_count: number;
  }>(
    `select c.id, c.name, c.price_cents, c.image, c.summary, c.published, c.updated_at,
            (select count(*)::int from course_lessons l where l.course_id = c.id) as lessons,
            (select coalesce(sum(l.minutes), 0)::int from course_lessons l where l.course_id = c.id) as minutes,
            ${OWNERS_SQL} as owners,
            (select round(avg(r.rating), 1) from course_reviews r
              where r.course_id = c.id and r.hidden_at is null) as rating_average,
            (select count(*)::int from course_reviews r
              where r.course_id = c.id and r.hidden_at is null) as rating_count
     from courses c
     where c.removed_at is null
     order by c.position, c.id`,
  );
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    priceCents: row.price_cents,
    image: row.image,
    summary: row.summary,
    lessons: row.lessons,
    minutes: row.minutes,
    rating:
      row.rating_count > 0 && row.rating_average !== null
        ? { average: Number(row.rating_average), count: row.rating_count }
        : null,
    published: row.published,
    owners: row.owners,
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** A course that is not removed; `lock` row-locks it until the transaction ends. */
export async function findCourseMeta(
  db: Queryable,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<CourseMeta | null> {
  const [row] = await db.query<CourseRow>(
    `select ${COURSE_COLUMNS} from courses where id = $1 and removed_at is null
     ${lock ? 'for update' : ''}`,
    [id],
  );
  return row ? toMeta(row) : null;
}

/** The course ids, removed courses' too, that are `prefix` or start with `prefix-`. */
export async function takenCourseIds(db: Queryable, prefix: string): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(
    `select id from courses where id = $1 or id like $2`,
    [prefix, `${prefix}-%`],
  );
  return new Set(rows.map((row) => row.id));
}

export type CourseFields = Omit<CourseMeta, 'id' | 'published' | 'updatedAt'>;

/**
 * Adds a draft (unpublished) after every other course. False when the id was taken meanwhile.
 */
export async function insertCourse(
  tx: Queryable,
  id: string,
  fields: CourseFields,
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `insert into courses (id, name, price_cents, image, summary, description, outcomes, published, position)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, false,
             (select coalesce(max(position), -1) + 1 from courses))
     on conflict (id) do nothing
     returning id`,
    fieldParams(id, fields),
  );
  return rows.length > 0;
}

/** Writes the course's own fields and makes now its new version. */
export async function updateCourseFields(
  tx: Queryable,
  id: string,
  fields: CourseFields,
): Promise<void> {
  await tx.query(
    `update courses set name = $2, price_cents = $3, image = $4, summary = $5, description = $6,
            outcomes = $7::jsonb, updated_at = now()
     where id = $1`,
    fieldParams(id, fields),
  );
}

/** $1…$7 of the insert and the update: the id, then the fields in the columns' order. */
function fieldParams(id: string, fields: CourseFields): unknown[] {
  return [
    id,
    fields.name,
    fields.priceCents,
    fields.image,
    fields.summary,
    fields.description,
    JSON.stringify(fields.outcomes),
  ];
}

/**
 * Whether the course was saved after `version` (an ISO time to the millisecond, as the builder
 * got it): compared to the millisecond, as the stored time has microseconds.
 */
export async function changedSince(tx: Queryable, id: string, version: string): Promise<boolean> {
  const [row] = await tx.query<{ newer: boolean }>(
    `select date_trunc('milliseconds', updated_at) > $2::timestamptz as newer
     from courses where id = $1`,
    [id, version],
  );
  return row?.newer ?? false;
}

export async function setCoursePublished(
  tx: Queryable,
  id: string,
  published: boolean,
): Promise<void> {
  await tx.query(`update courses set published = $2 where id = $1`, [id, published]);
}

/** An admin's removal: out of the shop and the builder, the rows (and what buyers own) kept. */
export async function markCourseRemoved(tx: Queryable, id: string): Promise<void> {
  await tx.query(`update courses set removed_at = now(), published = false where id = $1`, [id]);
}

export async function listSections(db: Queryable, courseId: string): Promise<StoredSection[]> {
  return db.query<StoredSection>(
    `select id, title, position from course_sections where course_id = $1 order by position, id`,
    [courseId],
  );
}

type LessonRow = Omit<StoredLesson, 'content'> & { content: unknown };

function toLesson(row: LessonRow): StoredLesson {
  return { ...row, content: lessonContentSchema.parse(row.content) };
}

export async function listLessons(db: Queryable, courseId: string): Promise<StoredLesson[]> {
  const rows = await db.query<LessonRow>(
    `select id, course_id as "courseId", section_id as "sectionId", title, minutes, preview,
            position, content
     from course_lessons where course_id = $1 order by position, id`,
    [courseId],
  );
  return rows.map(toLesson);
}

export async function countLessons(db: Queryable, courseId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from course_lessons where course_id = $1`,
    [courseId],
  );
  return row?.count ?? 0;
}

/** Deletes the course's lessons and sections not in `keep` (learners' ticks on them go too). */
export async function deleteLessonsExcept(
  tx: Queryable,
  courseId: string,
  keep: readonly string[],
): Promise<void> {
  await tx.query(`delete from course_lessons where course_id = $1 and not (id = any($2::text[]))`, [
    courseId,
    keep,
  ]);
}

export async function deleteSectionsExcept(
  tx: Queryable,
  courseId: string,
  keep: readonly string[],
): Promise<void> {
  await tx.query(
    `delete from course_sections where course_id = $1 and not (id = any($2::text[]))`,
    [courseId, keep],
  );
}

export async function upsertSection(
  tx: Queryable,
  courseId: string,
  section: StoredSection,
): Promise<void> {
  await tx.query(
    `insert into course_sections (id, course_id, title, position) values ($1, $2, $3, $4)
     on conflict (id) do update set title = excluded.title, position = excluded.position
     where course_sections.course_id = excluded.course_id`,
    [section.id, courseId, section.title, section.position],
  );
}

export async function upsertLesson(tx: Queryable, lesson: StoredLesson): Promise<void> {
  await tx.query(
    `insert into course_lessons (id, course_id, section_id, title, kind, minutes, preview, position, content)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
     on conflict (id) do update set section_id = excluded.section_id, title = excluded.title,
       kind = excluded.kind, minutes = excluded.minutes, preview = excluded.preview,
       position = excluded.position, content = excluded.content
     where course_lessons.course_id = excluded.course_id`,
    [
      lesson.id,
      lesson.courseId,
      lesson.sectionId,
      lesson.title,
      lesson.content.kind,
      lesson.minutes,
      lesson.preview,
      lesson.position,
      JSON.stringify(lesson.content),
    ],
  );
}
