import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inDollars } from '../../contract/money';
import { listCoursesForAdmin } from '../db/repositories/course-builder';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import {
  createCourse,
  getAdminCourse,
  removeCourse,
  saveCourse,
  setPublished,
} from '../services/course-builder';

/**
 * The admin's course builder (docs/product.md §2.29; docs/decisions.md D60): every
 * course with its drafts, a course saved whole, published or not, removed. Every change is
 * audited in its own transaction (services/course-builder.ts).
 */
export const adminCourseRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/admin/courses', {}, async () =>
    (await listCoursesForAdmin(app.db)).map(inDollars),
  );

  apiRoute(app, 'POST /api/admin/courses', {}, async (request, reply) => {
    const course = await createCourse(app.db, {
      actorEmail: requireCaller(request).email,
      draft: request.body,
    });
    return reply.code(201).send(course);
  });

  apiRoute(app, 'GET /api/admin/courses/:id', {}, async (request) =>
    getAdminCourse(app.db, request.params.id),
  );

  apiRoute(app, 'PUT /api/admin/courses/:id', {}, async (request) =>
    saveCourse(app.db, {
      actorEmail: requireCaller(request).email,
      courseId: request.params.id,
      draft: request.body,
    }),
  );

  apiRoute(app, 'PUT /api/admin/courses/:id/published', {}, async (request) =>
    setPublished(app.db, {
      actorEmail: requireCaller(request).email,
      courseId: request.params.id,
      published: request.body.published,
    }),
  );

  apiRoute(app, 'DELETE /api/admin/courses/:id', {}, async (request) => {
    await removeCourse(app.db, {
      actorEmail: requireCaller(request).email,
      courseId: request.params.id,
    });
    return { _id: request.params.id, removed: true as const };
  });
};
