import { randomBytes } from 'node:crypto';
import type { AdminCourse, CourseDraft } from '../../contract/courses';
import { COURSE_MESSAGES } from '../../contract/course-rules';
import { DomainError } from '../../contract/domain-error';
import { centsToDollars, toCents } from '../../contract/money';
import type { Db, Queryable } from '../db/client';
import { recordAudit } from '../db/repositories/audit-log';
import {
  changedSince,
  countLessons,
  deleteLessonsExcept,
  deleteSectionsExcept,
  findCourseMeta,
  insertCourse,
  listLessons,
  listSections,
  markCourseRemoved,
  setCoursePublished,
  takenCourseIds,
  updateCourseFields,
  upsertLesson,
  upsertSection,
  type CourseFields,
  type CourseMeta,
  type StoredLesson,
  type StoredSection,
} from '../db/repositories/course-builder';

/**
 * The admin's course builder (issue 31 §6, docs/decisions.md D60): a course is saved whole (its
 * fields, sections and lessons) in one transaction with its audit row. Sections and lessons sent
 * with their `_id` keep it, so learners' ticks on them survive an edit.
 */

const auditSubject = (courseId: string): string => `course:${courseId}`;

/** Longest slug taken from a name: room for `-NN` and a part's `-l-xxxxxxxx` under 64. */
const SLUG_MAX = 40;

/**
 * A course id from its name: lower-case letters and digits joined by dashes (`Rust Basics!` →
 * `rust-basics`), accents dropped; `course` when nothing is left.
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'course' : slug;
}

/** The slug, or the slug with the first free `-2`, `-3`… (removed courses keep their ids). */
async function freeCourseId(db: Queryable, slug: string): Promise<string> {
  const taken = await takenCourseIds(db, slug);
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A new section's or lesson's id: the course's, a letter, and 32 random bits in hex. */
function newPartId(courseId: string, kind: 's' | 'l'): string {
  return `${courseId.slice(0, SLUG_MAX + 8)}-${kind}-${randomBytes(4).toString('hex')}`;
}

function fieldsOf(draft: CourseDraft): CourseFields {
  return {
    name: draft.name,
    priceCents: toCents(draft.price),
    image: draft.image,
    summary: draft.summary,
    description: draft.description,
    outcomes: draft.outcomes,
  };
}

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/**
 * The course's own fields that differ, as { field: [before, after] }: the price as `priceCents`,
 * in cents, as a book's rows have it (docs/decisions.md D79).
 */
function fieldChanges(before: CourseMeta, after: CourseFields): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of ['name', 'priceCents', 'image', 'summary', 'description'] as const) {
    if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  }
  if (canonical(before.outcomes) !== canonical(after.outcomes)) {
    changes.outcomes = [before.outcomes, after.outcomes];
  }
  return changes;
}

/** The draft's outline with every part's id: kept ones checked, new ones made. */
type Outline = { sections: StoredSection[]; lessons: StoredLesson[] };

/**
 * Gives each section and lesson of the draft its id: an `_id` must be one of this course's
 * (another course's, or an unknown one, is refused) and appear once; a part without one is new.
 * Positions follow the draft's order (a lesson's, within its section).
 */
function planOutline(
  courseId: string,
  draft: CourseDraft,
  stored: { sections: readonly StoredSection[]; lessons: readonly StoredLesson[] },
): Outline {
  const sectionIds = new Set(stored.sections.map((section) => section.id));
  const lessonIds = new Set(stored.lessons.map((lesson) => lesson.id));
  const seen = { sections: new Set<string>(), lessons: new Set<string>() };
  const claim = (id: string, own: Set<string>, used: Set<string>): string => {
    if (!own.has(id)) throw new DomainError('invalid', COURSE_MESSAGES.foreignPart);
    if (used.has(id)) throw new DomainError('invalid', COURSE_MESSAGES.repeatedPart);
    used.add(id);
    return id;
  };
  const outline: Outline = { sections: [], lessons: [] };
  draft.sections.forEach((section, sectionPosition) => {
    const sectionId =
      section._id === undefined
        ? newPartId(courseId, 's')
        : claim(section._id, sectionIds, seen.sections);
    outline.sections.push({ id: sectionId, title: section.title, position: sectionPosition });
    section.lessons.forEach((lesson, position) => {
      outline.lessons.push({
        id:
          lesson._id === undefined
            ? newPartId(courseId, 'l')
            : claim(lesson._id, lessonIds, seen.lessons),
        courseId,
        sectionId,
        title: lesson.title,
        minutes: lesson.minutes,
        preview: lesson.preview,
        position,
        content: lesson.content,
      });
    });
  });
  return outline;
}

type PartChanges = { added: number; removed: number; changed: number };

function partChanges<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): PartChanges {
  const old = new Map(before.map((part) => [part.id, canonical(part)]));
  const kept = new Set(after.map((part) => part.id));
  return {
    added: after.filter((part) => !old.has(part.id)).length,
    removed: before.filter((part) => !kept.has(part.id)).length,
    changed: after.filter((part) => old.has(part.id) && old.get(part.id) !== canonical(part))
      .length,
  };
}

const anyChange = (changes: PartChanges): boolean =>
  changes.added + changes.removed + changes.changed > 0;

/** Writes the outline: moves kept lessons before their old sections go (a cascade would take them). */
async function writeOutline(tx: Queryable, courseId: string, outline: Outline): Promise<void> {
  await deleteLessonsExcept(
    tx,
    courseId,
    outline.lessons.map((lesson) => lesson.id),
  );
  for (const section of outline.sections) await upsertSection(tx, courseId, section);
  for (const lesson of outline.lessons) await upsertLesson(tx, lesson);
  await deleteSectionsExcept(
    tx,
    courseId,
    outline.sections.map((section) => section.id),
  );
}

/** The builder's whole course from its stored parts, as the API gives it (dollars). */
function assembleAdminCourse(
  meta: CourseMeta,
  sections: readonly StoredSection[],
  lessons: readonly StoredLesson[],
): AdminCourse {
  return {
    _id: meta.id,
    name: meta.name,
    price: centsToDollars(meta.priceCents),
    image: meta.image,
    summary: meta.summary,
    description: meta.description,
    outcomes: meta.outcomes,
    published: meta.published,
    updatedAt: meta.updatedAt,
    sections: sections.map((section) => ({
      _id: section.id,
      title: section.title,
      lessons: lessons
        .filter((lesson) => lesson.sectionId === section.id)
        .map((lesson) => ({
          _id: lesson.id,
          title: lesson.title,
          minutes: lesson.minutes,
          preview: lesson.preview,
          content: lesson.content,
        })),
    })),
  };
}

async function loadAdminCourse(db: Queryable, courseId: string): Promise<AdminCourse | null> {
  const meta = await findCourseMeta(db, courseId);
  if (!meta) return null;
  const [sections, lessons] = [await listSections(db, courseId), await listLessons(db, courseId)];
  return assembleAdminCourse(meta, sections, lessons);
}

/** GET /api/admin/courses/:id: the course with its answers; 404 for an unknown or removed one. */
export async function getAdminCourse(db: Db, courseId: string): Promise<AdminCourse> {
  return found(await loadAdminCourse(db, courseId));
}

/** The course a read or a write found; 404 for an unknown or removed one. */
function found(course: AdminCourse | null): AdminCourse {
  if (!course) throw new DomainError('not-found', COURSE_MESSAGES.notFound);
  return course;
}

/**
 * Runs `change` in one transaction with the course's row locked (`before`, as it was), and gives
 * the course as it then stands; 404 for an unknown or removed one.
 */
async function changeCourse(
  db: Db,
  courseId: string,
  change: (tx: Queryable, before: CourseMeta) => Promise<void>,
): Promise<AdminCourse> {
  const course = await db.transaction(async (tx) => {
    const before = await findCourseMeta(tx, courseId, { lock: true });
    if (!before) return null;
    await change(tx, before);
    return loadAdminCourse(tx, courseId);
  });
  return found(course);
}

/** POST /api/admin/courses: a new draft, its id made from its name. */
export async function createCourse(
  db: Db,
  input: { actorEmail: string; draft: CourseDraft },
): Promise<AdminCourse> {
  const slug = slugFromName(input.draft.name);
  // Another admin may take the same id between the look-up and the insert: try the next one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await db.transaction(async (tx) => {
      const id = await freeCourseId(tx, slug);
      const fields = fieldsOf(input.draft);
      if (!(await insertCourse(tx, id, fields))) return null;
      const outline = planOutline(id, input.draft, { sections: [], lessons: [] });
      await writeOutline(tx, id, outline);
      await recordAudit(tx, {
        actorEmail: input.actorEmail,
        action: 'course.create',
        subjectId: auditSubject(id),
        changes: {
          name: fields.name,
          priceCents: fields.priceCents,
          sections: outline.sections.length,
          lessons: outline.lessons.length,
        },
      });
      return loadAdminCourse(tx, id);
    });
    if (created) return created;
  }
  throw new DomainError('conflict', 'Another course was just created with that name; try again');
}

/**
 * PUT /api/admin/courses/:id: replaces the course's fields, sections and lessons. A save over a
 * newer version (`updatedAt`) is 409; a published course must keep a lesson. Left-out lessons
 * are deleted with learners' ticks on them. Nothing changed: nothing written, the version kept.
 */
export async function saveCourse(
  db: Db,
  input: { actorEmail: string; courseId: string; draft: CourseDraft },
): Promise<AdminCourse> {
  const { courseId, draft } = input;
  return changeCourse(db, courseId, async (tx, before) => {
    if (draft.updatedAt !== undefined && (await changedSince(tx, courseId, draft.updatedAt))) {
      throw new DomainError('conflict', COURSE_MESSAGES.changedElsewhere);
    }
    const stored = {
      sections: await listSections(tx, courseId),
      lessons: await listLessons(tx, courseId),
    };
    const outline = planOutline(courseId, draft, stored);
    if (before.published && outline.lessons.length === 0) {
      throw new DomainError('invalid', COURSE_MESSAGES.publishNeedsLesson);
    }
    const fields = fieldsOf(draft);
    const changes: Record<string, unknown> = fieldChanges(before, fields);
    const sections = partChanges(stored.sections, outline.sections);
    const lessons = partChanges(stored.lessons, outline.lessons);
    if (anyChange(sections)) changes.sections = sections;
    if (anyChange(lessons)) changes.lessons = lessons;
    if (Object.keys(changes).length > 0) {
      await updateCourseFields(tx, courseId, fields);
      await writeOutline(tx, courseId, outline);
      await recordAudit(tx, {
        actorEmail: input.actorEmail,
        action: 'course.update',
        subjectId: auditSubject(courseId),
        changes,
      });
    }
  });
}

/**
 * PUT /api/admin/courses/:id/published: shows or hides the course in the shop. A course without
 * a lesson cannot be published. Not a new version: an open builder may still save over it.
 */
export async function setPublished(
  db: Db,
  input: { actorEmail: string; courseId: string; published: boolean },
): Promise<AdminCourse> {
  const { courseId, published } = input;
  return changeCourse(db, courseId, async (tx, before) => {
    if (published && (await countLessons(tx, courseId)) === 0) {
      throw new DomainError('invalid', COURSE_MESSAGES.publishNeedsLesson);
    }
    if (before.published !== published) {
      await setCoursePublished(tx, courseId, published);
      await recordAudit(tx, {
        actorEmail: input.actorEmail,
        action: published ? 'course.publish' : 'course.unpublish',
        subjectId: auditSubject(courseId),
        changes: { published: [before.published, published] },
      });
    }
  });
}

/** DELETE /api/admin/courses/:id: out of the shop and the builder; buyers keep it. */
export async function removeCourse(
  db: Db,
  input: { actorEmail: string; courseId: string },
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const before = await findCourseMeta(tx, input.courseId, { lock: true });
    if (!before) return false;
    await markCourseRemoved(tx, input.courseId);
    await recordAudit(tx, {
      actorEmail: input.actorEmail,
      action: 'course.remove',
      subjectId: auditSubject(input.courseId),
      changes: { name: before.name, published: before.published },
    });
    return true;
  });
  if (!removed) throw new DomainError('not-found', COURSE_MESSAGES.notFound);
}
