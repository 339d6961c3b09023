import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COURSE_MESSAGES } from '../../contract/course-rules';
import { DomainError } from '../../contract/domain-error';
import { findCertificate } from '../db/repositories/certificates';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { certificatePdf } from '../services/course-certificate-pdf';
import {
  attemptQuiz,
  courseProgress,
  openLesson,
  setLessonProgress,
} from '../services/course-learning';
import { courseDetail, courseFile, listCourses, ownedCourses } from '../services/course-pages';
import { hideReview, reviewPage, writeReview } from '../services/course-reviews';

/**
 * Taking a course (issue 31; docs/product.md §2.20, §2.25–2.28): the course list and page, the player's
 * lessons, progress and quizzes, certificates, reviews, and My Courses. Who may call each is the
 * table's (`course-owner` routes reach their handler only for an owner).
 */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/courses', {}, async () => listCourses(app.db));

  apiRoute(app, 'GET /api/courses/owned', {}, async (request) =>
    ownedCourses(app.db, requireCaller(request).email),
  );

  apiRoute(app, 'GET /api/courses/:id', {}, async (request) =>
    courseDetail(app.db, request.params.id, request.caller),
  );

  apiRoute(app, 'GET /api/courses/:id/lessons/:lessonId', {}, async (request) =>
    openLesson(app.db, request.params.id, request.params.lessonId, request.caller),
  );

  apiRoute(app, 'POST /api/courses/:id/lessons/:lessonId/attempts', {}, async (request) =>
    attemptQuiz(
      app.db,
      requireCaller(request).email,
      request.params.id,
      request.params.lessonId,
      request.body.answers,
    ),
  );

  apiRoute(app, 'PUT /api/courses/:id/lessons/:lessonId/progress', {}, async (request) =>
    setLessonProgress(
      app.db,
      requireCaller(request).email,
      request.params.id,
      request.params.lessonId,
      request.body.completed,
    ),
  );

  apiRoute(app, 'GET /api/courses/:id/progress', {}, async (request) =>
    courseProgress(app.db, requireCaller(request).email, request.params.id),
  );

  apiRoute(app, 'GET /api/courses/:id/reviews', {}, async (request) =>
    reviewPage(app.db, request.params.id, request.query.page, request.caller),
  );

  apiRoute(app, 'POST /api/courses/:id/reviews', {}, async (request, reply) => {
    const { review, created } = await writeReview(
      app.db,
      requireCaller(request).email,
      request.params.id,
      request.body,
    );
    return reply.code(created ? 201 : 200).send(review);
  });

  apiRoute(app, 'PATCH /api/admin/course-reviews/:id', {}, async (request) =>
    hideReview(app.db, requireCaller(request), request.params.id, request.body.hidden),
  );

  apiRoute(app, 'GET /api/certificates/:id', {}, async (request) => {
    const certificate = await findCertificate(app.db, request.params.id);
    if (!certificate) throw new DomainError('not-found', COURSE_MESSAGES.certificateNotFound);
    return certificate;
  });

  // Checked: find-my-way takes `:id.pdf` (a parameter ending before a static suffix) beside `:id`.
  apiRoute(app, 'GET /api/certificates/:id.pdf', {}, async (request, reply) => {
    const certificate = await findCertificate(app.db, request.params.id);
    if (!certificate) throw new DomainError('not-found', COURSE_MESSAGES.certificateNotFound);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="certificate-${certificate.id}.pdf"`)
      .send(certificatePdf(certificate, app.config.PUBLIC_URL));
  });
};

/**
 * GET /course.json, the spec's course fetch (docs/product.md §2.19), answered from the database:
 * registered on the root instance before the SPA's static files, so it wins over
 * public/course.json copied into the build.
 */
export const courseFileRoute: FastifyPluginAsync = async (app) => {
  app.get('/course.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(await courseFile(app.db)),
  );
};
