import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SALES_DEFAULT_DAYS } from '../../contract/sales';
import { salesReport } from '../db/repositories/sales';
import { apiRoute } from '../plugins/api-route';
import { courseNames } from '../db/repositories/courses';

/** The admin's Sales screen (docs/product.md §2.22): revenue per day, refunds, best-sellers. */
export const adminSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  apiRoute(app, 'GET /api/admin/sales', {}, async (request) => {
    const report = await salesReport(app.db, request.query.days ?? SALES_DEFAULT_DAYS);
    const names = await courseNames(
      app.db,
      report.topCourses.map((course) => course.id),
    );
    return {
      ...report,
      // A course under the name the shop sells it by now.
      topCourses: report.topCourses.map((course) => ({
        ...course,
        name: names.get(course.id) ?? course.name,
      })),
    };
  });
};
