import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SALES_DEFAULT_DAYS } from '../../contract/sales';
import { centsToDollars } from '../../contract/money';
import { salesReport, type TopSellerRecord } from '../db/repositories/sales';
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
    const { revenueCents, refundedCents, daily, topBooks, topCourses, ...counts } = report;
    return {
      ...counts,
      revenue: centsToDollars(revenueCents),
      refunded: centsToDollars(refundedCents),
      daily: daily.map(({ revenueCents: cents, ...day }) => ({
        ...day,
        revenue: centsToDollars(cents),
      })),
      topBooks: topBooks.map(sellerInDollars),
      // A course under the name the shop sells it by now.
      topCourses: topCourses.map((course) => ({
        ...sellerInDollars(course),
        name: names.get(course.id) ?? course.name,
      })),
    };
  });
};

function sellerInDollars({ revenueCents, ...seller }: TopSellerRecord) {
  return { ...seller, revenue: centsToDollars(revenueCents) };
}
