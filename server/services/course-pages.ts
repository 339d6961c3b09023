import type {
  CourseDetail,
  CourseSummary,
  OwnedCourse,
  courseFileSchema,
} from '../../contract/courses';
import { COURSE_MESSAGES, coursePercent } from '../../contract/course-rules';
import { DomainError } from '../../contract/domain-error';
import { centsToDollars } from '../../contract/money';
import type { z } from 'zod';
import type { Queryable } from '../db/client';
import {
  courseOutline,
  courseRating,
  findCourse,
  listListedCourses,
  type CourseRow,
} from '../db/repositories/courses';
import { courseStandings } from '../db/repositories/lesson-progress';
import { listOwnedCourses, ownsCourse } from '../db/repositories/owned-courses';
import type { Caller } from '../plugins/auth';

/** The course list, the course page and My Courses (docs/product.md §2.20, §2.25). */

/** A course as every list names it: its id, name, price in dollars and image. */
const cardOf = (course: { id: string; name: string; priceCents: number; image: string }) => ({
  _id: course.id,
  name: course.name,
  price: centsToDollars(course.priceCents),
  image: course.image,
});

/** GET /api/courses: the listed courses in the shop's order. */
export async function listCourses(db: Queryable): Promise<CourseSummary[]> {
  const courses = await listListedCourses(db);
  return courses.map((course) => ({
    ...cardOf(course),
    summary: course.summary,
    lessons: course.lessons,
    minutes: course.minutes,
    rating: course.rating,
  }));
}

/** GET /course.json: the spec's course fetch, from the database (listed courses only). */
export async function courseFile(db: Queryable): Promise<z.infer<typeof courseFileSchema>> {
  const courses = await listListedCourses(db);
  return courses.map(cardOf);
}

/**
 * Whether `caller` may see a course: a listed course anyone, any course an admin (drafts too),
 * and an unlisted one its owners (an admin's removal keeps what they bought). `owned` is asked
 * only when the rest does not decide (it may cost a query).
 */
export async function courseVisibleTo(
  course: { listed: boolean },
  caller: Caller | null,
  owned: (caller: Caller) => boolean | Promise<boolean>,
): Promise<boolean> {
  return course.listed || caller?.role === 'admin' || (caller !== null && (await owned(caller)));
}

/** The course as `caller` may see it (courseVisibleTo); anyone else gets the 404 of no course. */
export async function visibleCourse(
  db: Queryable,
  courseId: string,
  caller: Caller | null,
): Promise<CourseRow> {
  const course = await findCourse(db, courseId);
  if (
    course &&
    (await courseVisibleTo(course, caller, (signedIn) => ownsCourse(db, signedIn.email, courseId)))
  ) {
    return course;
  }
  throw new DomainError('not-found', COURSE_MESSAGES.notFound);
}

/** GET /api/courses/:id: the course page, its outline without any lesson's content. */
export async function courseDetail(
  db: Queryable,
  courseId: string,
  caller: Caller | null,
): Promise<CourseDetail> {
  const course = await visibleCourse(db, courseId, caller);
  const { sections, lessons } = await courseOutline(db, courseId);
  return {
    ...cardOf(course),
    summary: course.summary,
    description: course.description,
    outcomes: course.outcomes,
    rating: await courseRating(db, courseId),
    sections: sections.map((section) => ({
      _id: section.id,
      title: section.title,
      lessons: lessons
        .filter((lesson) => lesson.sectionId === section.id)
        .map(({ id, title, kind, minutes, preview }) => ({
          _id: id,
          title,
          kind,
          minutes,
          preview,
        })),
    })),
    published: course.listed,
  };
}

/**
 * My Courses (docs/product.md §2.20): each course the caller owns, with its name and image as
 * the shop has them now (the name paid for, and no image, when the course row is gone), its
 * percent, where Continue opens and the certificate.
 */
export async function ownedCourses(db: Queryable, email: string): Promise<OwnedCourse[]> {
  const owned = await listOwnedCourses(db, email);
  const standings = await courseStandings(
    db,
    email,
    owned.map((course) => course.courseId),
  );
  return owned.map(({ courseId, name, boughtAt }) => {
    const standing = standings.get(courseId);
    return {
      courseId,
      name: standing?.name ?? name,
      image: standing?.image ?? null,
      boughtAt,
      percent: standing ? coursePercent(standing.completed, standing.lessons) : 0,
      continueLessonId: standing ? (standing.lastLessonId ?? standing.firstLessonId) : null,
      certificateId: standing?.certificateId ?? null,
    };
  });
}
