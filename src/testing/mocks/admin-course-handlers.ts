import { HttpResponse } from 'msw';
import { COURSE_MESSAGES } from '@contract/course-rules';
import type { AdminCourse, CourseDraft } from '@contract/courses';
import { DomainError } from '@contract/domain-error';
import { apiRoute } from './api-route';
import { db } from './db';

let partSequence = 0;

function findCourse(id: string): AdminCourse {
  const course = db.adminCourses.find((candidate) => candidate._id === id);
  if (!course) throw new DomainError('not-found', COURSE_MESSAGES.notFound);
  return course;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'course';

/** The server's rules of a save (server/services/course-builder.ts): own ids kept once, new ones made. */
function outlineOf(courseId: string, draft: CourseDraft, stored: AdminCourse | null) {
  const own = {
    sections: new Set(stored?.sections.map((section) => section._id)),
    lessons: new Set(stored?.sections.flatMap((section) => section.lessons.map((l) => l._id))),
  };
  const used = { sections: new Set<string>(), lessons: new Set<string>() };
  const claim = (id: string | undefined, kind: 'sections' | 'lessons', prefix: string) => {
    if (id === undefined) return `${courseId}-${prefix}-${++partSequence}`;
    if (!own[kind].has(id)) throw new DomainError('invalid', COURSE_MESSAGES.foreignPart);
    if (used[kind].has(id)) throw new DomainError('invalid', COURSE_MESSAGES.repeatedPart);
    used[kind].add(id);
    return id;
  };
  return draft.sections.map((section) => ({
    ...section,
    _id: claim(section._id, 'sections', 's'),
    lessons: section.lessons.map((lesson) => ({
      ...lesson,
      _id: claim(lesson._id, 'lessons', 'l'),
    })),
  }));
}

const lessonCount = (course: AdminCourse) =>
  course.sections.reduce((sum, section) => sum + section.lessons.length, 0);

/** The course builder's API (contract/api-routes.ts, "Admin course builder"), in memory. */
export const adminCourseHandlers = [
  apiRoute('GET /api/admin/courses', {
    handle: () =>
      HttpResponse.json(
        db.adminCourses.map((course) => ({
          _id: course._id,
          name: course.name,
          price: course.price,
          image: course.image,
          summary: course.summary,
          lessons: lessonCount(course),
          minutes: course.sections
            .flatMap((section) => section.lessons)
            .reduce((sum, lesson) => sum + lesson.minutes, 0),
          rating: null,
          published: course.published,
          // Distinct buyers of the course by a payment that succeeded (refunds give it back).
          owners: new Set(
            db.payments
              .filter(
                (payment) =>
                  payment.status === 'succeeded' &&
                  payment.lines.some((line) => line.courseId === course._id),
              )
              .map((payment) => payment.email),
          ).size,
          updatedAt: course.updatedAt,
        })),
      ),
  }),

  apiRoute('POST /api/admin/courses', {
    handle: ({ body }) => {
      const slug = slugOf(body.name);
      let id = slug;
      for (let n = 2; db.adminCourses.some((course) => course._id === id); n++) id = `${slug}-${n}`;
      const { updatedAt: _version, ...fields } = body;
      const course: AdminCourse = {
        ...fields,
        _id: id,
        published: false,
        updatedAt: new Date().toISOString(),
        sections: outlineOf(id, body, null),
      };
      db.adminCourses.push(course);
      return HttpResponse.json(course, { status: 201 });
    },
  }),

  apiRoute('GET /api/admin/courses/:id', {
    handle: ({ params }) => HttpResponse.json(findCourse(params.id)),
  }),

  apiRoute('PUT /api/admin/courses/:id', {
    handle: ({ params, body }) => {
      const stored = findCourse(params.id);
      if (
        body.updatedAt !== undefined &&
        Date.parse(stored.updatedAt) > Date.parse(body.updatedAt)
      ) {
        throw new DomainError('conflict', COURSE_MESSAGES.changedElsewhere);
      }
      const sections = outlineOf(stored._id, body, stored);
      const { updatedAt: _version, ...fields } = body;
      const saved: AdminCourse = {
        ...stored,
        ...fields,
        sections,
        // Later than the stored version even within the same millisecond.
        updatedAt: new Date(Math.max(Date.now(), Date.parse(stored.updatedAt) + 1)).toISOString(),
      };
      if (saved.published && lessonCount(saved) === 0) {
        throw new DomainError('invalid', COURSE_MESSAGES.publishNeedsLesson);
      }
      db.adminCourses = db.adminCourses.map((course) =>
        course._id === saved._id ? saved : course,
      );
      return HttpResponse.json(saved);
    },
  }),

  apiRoute('PUT /api/admin/courses/:id/published', {
    handle: ({ params, body }) => {
      const course = findCourse(params.id);
      if (body.published && lessonCount(course) === 0) {
        throw new DomainError('invalid', COURSE_MESSAGES.publishNeedsLesson);
      }
      course.published = body.published;
      return HttpResponse.json(course);
    },
  }),

  apiRoute('DELETE /api/admin/courses/:id', {
    handle: ({ params }) => {
      findCourse(params.id);
      db.adminCourses = db.adminCourses.filter((course) => course._id !== params.id);
      return HttpResponse.json({ _id: params.id, removed: true });
    },
  }),
];
