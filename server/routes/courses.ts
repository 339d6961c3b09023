import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnedCourse } from '../../contract/courses';
import { listOwnedCourses } from '../db/repositories/owned-courses';
import { apiRoute } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { COURSES } from '../services/course-list';

/**
 * My Courses (docs/product.md §2.20): the courses the caller paid for, with the name and image
 * course.json gives them now (the name paid for, and no image, for a course no longer listed).
 */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/courses/owned', {}, async (request): Promise<OwnedCourse[]> => {
    const owned = await listOwnedCourses(app.db, requireCaller(request).email);
    return owned.map(({ courseId, name, boughtAt }) => {
      const course = COURSES.get(courseId);
      return {
        courseId,
        name: course?.name ?? name,
        image: course?.image ?? null,
        boughtAt,
        // Progress comes with the lessons (issue 31, in progress).
        percent: 0,
        continueLessonId: null,
        certificateId: null,
      };
    });
  });
};
