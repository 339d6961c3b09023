import { HttpResponse } from 'msw';
import { COURSE_LIMITS, COURSE_MESSAGES, coursePercent, gradeQuiz } from '@contract/course-rules';
import type { CourseAccess } from '@contract/access-policy';
import type {
  Certificate,
  CourseDetail,
  CourseProgress,
  CourseSummary,
  Lesson,
  Review,
  ReviewPage,
} from '@contract/courses';
import type { Course } from '@/features/courses/types';
import { ApiFailure, apiRoute, requireCaller } from './api-route';
import { COURSE_CONTENT, type FixtureCourse, type FixtureLesson } from './course-fixture';
import { db, findUser, type DbCourseProgress, type DbReview, type DbUser } from './db';

// The course API of issue 31 as the server answers it (docs/product.md §2.25–2.27), over the
// fixture's content and the fake's payments: a course is owned once a course payment for it
// succeeded and was not refunded.

type Known = { course: Course; content: FixtureCourse };

function knownCourse(courseId: string): Known | null {
  const course = db.courses.find((candidate) => candidate._id === courseId);
  const content = COURSE_CONTENT[courseId];
  return course && content ? { course, content } : null;
}

function requireCourse(courseId: string): Known {
  const known = knownCourse(courseId);
  if (!known) throw new ApiFailure(404, COURSE_MESSAGES.notFound);
  return known;
}

/** Every lesson of a course in order, with its section and 1-based number. */
function lessonsOf(content: FixtureCourse) {
  return content.sections.flatMap((section) =>
    section.lessons.map((lesson) => ({ lesson, sectionId: section._id })),
  );
}

/** Whether `email` owns the course: a succeeded (not refunded) course payment names it. */
function ownsCourse(email: string, courseId: string): boolean {
  return db.payments.some(
    (payment) =>
      payment.email === email &&
      payment.source === 'courses' &&
      payment.status === 'succeeded' &&
      payment.lines.some((line) => line.courseId === courseId),
  );
}

const progressKey = (email: string, courseId: string) => `${email} ${courseId}`;

function storedProgress(email: string, courseId: string): DbCourseProgress {
  const key = progressKey(email, courseId);
  let progress = db.progress.get(key);
  if (!progress) {
    progress = { completed: new Set(), lastLessonId: null, certificateId: null };
    db.progress.set(key, progress);
  }
  return progress;
}

/** The progress as the API answers it: completed lessons in course order, only current ones. */
function progressView(email: string, courseId: string): CourseProgress {
  const { content } = requireCourse(courseId);
  const stored = storedProgress(email, courseId);
  const ids = lessonsOf(content).map(({ lesson }) => lesson._id);
  const completed = ids.filter((id) => stored.completed.has(id));
  return {
    completed,
    percent: coursePercent(completed.length, ids.length),
    lastLessonId: stored.lastLessonId,
    certificateId: stored.certificateId,
  };
}

/** What My Courses shows of a course's progress (GET /api/courses/owned). */
export function ownedCourseProgress(
  email: string,
  courseId: string,
): { percent: number; continueLessonId: string | null; certificateId: string | null } {
  const known = knownCourse(courseId);
  if (!known) return { percent: 0, continueLessonId: null, certificateId: null };
  const view = progressView(email, courseId);
  const first = lessonsOf(known.content)[0]?.lesson._id ?? null;
  return {
    percent: view.percent,
    continueLessonId: view.lastLessonId ?? first,
    certificateId: view.certificateId,
  };
}

/** 128 random bits as 22 characters of base64url: an unguessable certificate id. */
function certificateId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function learnerName(email: string): string {
  const name = findUser(email)?.profile.name.trim();
  return name ? name : email;
}

/** Issues the certificate once every lesson is complete (once: it never changes after). */
function issueCertificateIfDone(email: string, courseId: string, name: string): void {
  const stored = storedProgress(email, courseId);
  if (stored.certificateId || progressView(email, courseId).percent < 100) return;
  const certificate = {
    id: certificateId(),
    learnerName: learnerName(email),
    courseId,
    courseName: name,
    issuedAt: new Date().toISOString(),
    email,
  };
  db.certificates.push(certificate);
  stored.certificateId = certificate.id;
}

function setCompleted(email: string, known: Known, lessonId: string, completed: boolean): void {
  const stored = storedProgress(email, known.course._id);
  if (completed) stored.completed.add(lessonId);
  else stored.completed.delete(lessonId);
  issueCertificateIfDone(email, known.course._id, known.course.name);
}

function findLesson(known: Known, lessonId: string) {
  const all = lessonsOf(known.content);
  const index = all.findIndex(({ lesson }) => lesson._id === lessonId);
  const found = all[index];
  if (!found) throw new ApiFailure(404, COURSE_MESSAGES.lessonNotFound);
  return {
    ...found,
    number: index + 1,
    previous: all[index - 1]?.lesson._id ?? null,
    next: all[index + 1]?.lesson._id ?? null,
  };
}

const outlineOf = ({ _id, title, minutes, preview, content }: FixtureLesson) => ({
  _id,
  title,
  kind: content.kind,
  minutes,
  preview,
});

/** The average of a course's visible reviews (one decimal), or null before the first. */
function ratingOf(courseId: string): CourseDetail['rating'] {
  const reviews = db.reviews.filter((review) => review.courseId === courseId && !review.hidden);
  if (reviews.length === 0) return null;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return { average: Math.round((sum / reviews.length) * 10) / 10, count: reviews.length };
}

function reviewView({ email, ...review }: DbReview, caller: DbUser | null): Review {
  return { ...review, mine: caller?.email === email };
}

/** Whether the caller may see a course's content: an owner or an admin. */
function mayOpen(caller: DbUser | null, courseId: string): boolean {
  return caller !== null && (caller.role === 'admin' || ownsCourse(caller.email, courseId));
}

const courseOwnership = (params: { id: string }, caller: DbUser): CourseAccess => {
  if (!knownCourse(params.id)) return 'missing';
  return ownsCourse(caller.email, params.id) ? 'owned' : 'for-sale';
};

/** A one-page PDF naming the certificate: the fake's stand-in for the server's PDF. */
function certificatePdf(certificate: Certificate): Uint8Array {
  const line = (text: string) => text.replace(/[()\\]/g, '\\$&');
  const stream = [
    'BT /F1 24 Tf 72 720 Td (Certificate of Completion) Tj ET',
    `BT /F1 14 Tf 72 680 Td (${line(certificate.learnerName)} has completed) Tj ET`,
    `BT /F1 14 Tf 72 660 Td (${line(certificate.courseName)}) Tj ET`,
    `BT /F1 10 Tf 72 630 Td (Certificate ID ${certificate.id}) Tj ET`,
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

export const courseHandlers = [
  apiRoute('GET /api/courses', {
    handle: () => {
      const list: CourseSummary[] = db.courses.flatMap((course) => {
        const content = COURSE_CONTENT[course._id];
        if (!content) return [];
        const lessons = lessonsOf(content);
        return [
          {
            ...course,
            summary: content.summary,
            lessons: lessons.length,
            minutes: lessons.reduce((sum, { lesson }) => sum + lesson.minutes, 0),
            rating: ratingOf(course._id),
          },
        ];
      });
      return HttpResponse.json(list);
    },
  }),

  apiRoute('GET /api/courses/:id/progress', {
    courseAccess: courseOwnership,
    handle: ({ params, caller }) =>
      HttpResponse.json(progressView(requireCaller(caller).email, params.id)),
  }),

  apiRoute('GET /api/courses/:id/reviews', {
    handle: ({ params, query, caller }) => {
      requireCourse(params.id);
      const visible = db.reviews
        .filter((review) => review.courseId === params.id && !review.hidden)
        // Newest first; the caller's own first of all, so they find it to edit.
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .sort((a, b) => Number(b.email === caller?.email) - Number(a.email === caller?.email));
      const size = COURSE_LIMITS.reviewsPageSize;
      const page: ReviewPage = {
        reviews: visible
          .slice((query.page - 1) * size, query.page * size)
          .map((review) => reviewView(review, caller)),
        page: query.page,
        pages: Math.max(1, Math.ceil(visible.length / size)),
        total: visible.length,
        rating: ratingOf(params.id),
      };
      return HttpResponse.json(page);
    },
  }),

  apiRoute('POST /api/courses/:id/reviews', {
    courseAccess: courseOwnership,
    handle: ({ params, body, caller }) => {
      const { email } = requireCaller(caller);
      if (progressView(email, params.id).completed.length === 0) {
        throw new ApiFailure(403, COURSE_MESSAGES.reviewNeedsProgress);
      }
      const now = new Date().toISOString();
      const existing = db.reviews.find(
        (review) => review.courseId === params.id && review.email === email,
      );
      if (existing) {
        Object.assign(existing, { rating: body.rating, text: body.text, updatedAt: now });
        return HttpResponse.json(reviewView(existing, caller));
      }
      const review: DbReview = {
        _id: crypto.randomUUID(),
        courseId: params.id,
        authorName: learnerName(email),
        rating: body.rating,
        text: body.text,
        createdAt: now,
        updatedAt: now,
        hidden: false,
        email,
      };
      db.reviews.push(review);
      return HttpResponse.json(reviewView(review, caller), { status: 201 });
    },
  }),

  // An admin hides a review, or shows it again (the server also audits it).
  apiRoute('PATCH /api/admin/course-reviews/:id', {
    handle: ({ params, body, caller }) => {
      const review = db.reviews.find((candidate) => candidate._id === params.id);
      if (!review) throw new ApiFailure(404, COURSE_MESSAGES.reviewNotFound);
      review.hidden = body.hidden;
      return HttpResponse.json(reviewView(review, caller));
    },
  }),

  apiRoute('GET /api/courses/:id/lessons/:lessonId', {
    handle: ({ params, caller }) => {
      const known = requireCourse(params.id);
      const found = findLesson(known, params.lessonId);
      const { lesson } = found;
      if (!lesson.preview && !mayOpen(caller, params.id)) {
        throw new ApiFailure(403, COURSE_MESSAGES.buyToOpen);
      }
      // Where an owner's Continue opens next time.
      if (caller && ownsCourse(caller.email, params.id)) {
        storedProgress(caller.email, params.id).lastLessonId = lesson._id;
      }
      const { content } = lesson;
      const answer: Lesson = {
        ...outlineOf(lesson),
        courseId: params.id,
        sectionId: found.sectionId,
        number: found.number,
        markdown: content.markdown,
        videoUrl: content.kind === 'video' ? content.url : null,
        quiz:
          content.kind === 'quiz'
            ? {
                passPercent: content.passPercent,
                // Without their answers.
                questions: content.questions.map(({ prompt, choices, answers }) => ({
                  prompt,
                  choices,
                  multiple: answers.length > 1,
                })),
              }
            : null,
        previousLessonId: found.previous,
        nextLessonId: found.next,
      };
      return HttpResponse.json(answer);
    },
  }),

  apiRoute('POST /api/courses/:id/lessons/:lessonId/attempts', {
    courseAccess: courseOwnership,
    handle: ({ params, body, caller }) => {
      const known = requireCourse(params.id);
      const { content } = findLesson(known, params.lessonId).lesson;
      if (content.kind !== 'quiz') throw new ApiFailure(409, COURSE_MESSAGES.notAQuiz);
      if (body.answers.length !== content.questions.length) {
        throw new ApiFailure(400, COURSE_MESSAGES.answersMismatch);
      }
      const result = gradeQuiz(
        content.questions.map((question) => question.answers),
        body.answers,
        content.passPercent,
      );
      if (result.passed) setCompleted(requireCaller(caller).email, known, params.lessonId, true);
      return HttpResponse.json(result);
    },
  }),

  apiRoute('PUT /api/courses/:id/lessons/:lessonId/progress', {
    courseAccess: courseOwnership,
    handle: ({ params, body, caller }) => {
      const known = requireCourse(params.id);
      const { content } = findLesson(known, params.lessonId).lesson;
      if (content.kind === 'quiz') {
        throw new ApiFailure(409, COURSE_MESSAGES.quizCompletesByPassing);
      }
      const { email } = requireCaller(caller);
      setCompleted(email, known, params.lessonId, body.completed);
      return HttpResponse.json(progressView(email, params.id));
    },
  }),

  // Before `:id`, which would take "<id>.pdf" for an id (and refuse it).
  apiRoute('GET /api/certificates/:id.pdf', {
    handle: ({ params }) => {
      const certificate = db.certificates.find((candidate) => candidate.id === params.id);
      if (!certificate) throw new ApiFailure(404, COURSE_MESSAGES.certificateNotFound);
      return new HttpResponse(certificatePdf(certificate), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="certificate-${certificate.id}.pdf"`,
        },
      });
    },
  }),

  apiRoute('GET /api/certificates/:id', {
    handle: ({ params }) => {
      const certificate = db.certificates.find((candidate) => candidate.id === params.id);
      if (!certificate) throw new ApiFailure(404, COURSE_MESSAGES.certificateNotFound);
      const { email: _email, ...view } = certificate;
      return HttpResponse.json(view);
    },
  }),

  apiRoute('GET /api/courses/:id', {
    handle: ({ params }) => {
      const { course, content } = requireCourse(params.id);
      const detail: CourseDetail = {
        ...course,
        summary: content.summary,
        description: content.description,
        outcomes: content.outcomes,
        sections: content.sections.map((section) => ({
          _id: section._id,
          title: section.title,
          lessons: section.lessons.map(outlineOf),
        })),
        rating: ratingOf(course._id),
        published: true,
      };
      return HttpResponse.json(detail);
    },
  }),
];
