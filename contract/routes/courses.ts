import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec, bytesSchema } from '../api-route-spec';
import {
  adminCourseListSchema,
  adminCourseParamsSchema,
  adminCourseSchema,
  certificateParamsSchema,
  certificateSchema,
  courseDetailSchema,
  courseDraftSchema,
  courseParamsSchema,
  courseProgressSchema,
  coursePublishedBodySchema,
  courseRemovedSchema,
  courseSummaryListSchema,
  lessonParamsSchema,
  lessonProgressBodySchema,
  lessonSchema,
  ownedCourseListSchema,
  quizAttemptBodySchema,
  quizAttemptResultSchema,
  reviewBodySchema,
  reviewHiddenBodySchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewParamsSchema,
  reviewSchema,
} from '../courses';

/** Courses (issue 31): the course page, the player, certificates, reviews and the admin's course builder (docs/product.md §2.25–2.29, docs/decisions.md D58). Part of the one table of the API (contract/api-routes.ts). */
export const COURSE_ROUTES = {
  'GET /api/courses/owned': {
    access: 'signed-in',
    response: { 200: ownedCourseListSchema },
  },
  // Courses (issue 31): the course page, the player, certificates and reviews (docs/product.md
  // §2.25–2.28, docs/decisions.md D58).
  'GET /api/courses': {
    access: 'anyone',
    response: { 200: courseSummaryListSchema },
  },
  'GET /api/courses/:id': {
    access: 'optional-sign-in',
    params: courseParamsSchema,
    response: { 200: courseDetailSchema },
  },
  'GET /api/courses/:id/lessons/:lessonId': {
    access: 'optional-sign-in',
    params: lessonParamsSchema,
    response: { 200: lessonSchema },
  },
  'POST /api/courses/:id/lessons/:lessonId/attempts': {
    access: 'course-owner',
    params: lessonParamsSchema,
    body: quizAttemptBodySchema,
    response: { 200: quizAttemptResultSchema },
  },
  'PUT /api/courses/:id/lessons/:lessonId/progress': {
    access: 'course-owner',
    params: lessonParamsSchema,
    body: lessonProgressBodySchema,
    response: { 200: courseProgressSchema },
  },
  'GET /api/courses/:id/progress': {
    access: 'course-owner',
    params: courseParamsSchema,
    response: { 200: courseProgressSchema },
  },
  'GET /api/courses/:id/reviews': {
    access: 'optional-sign-in',
    params: courseParamsSchema,
    query: reviewListQuerySchema,
    response: { 200: reviewPageSchema },
  },
  'POST /api/courses/:id/reviews': {
    access: 'course-owner',
    params: courseParamsSchema,
    body: reviewBodySchema,
    response: { 200: reviewSchema, 201: reviewSchema },
  },
  'PATCH /api/admin/course-reviews/:id': {
    access: 'admin',
    params: reviewParamsSchema,
    body: reviewHiddenBodySchema,
    response: { 200: reviewSchema },
  },
  'GET /api/certificates/:id': {
    access: 'anyone',
    params: certificateParamsSchema,
    response: { 200: certificateSchema },
  },
  'GET /api/certificates/:id.pdf': {
    access: 'anyone',
    params: certificateParamsSchema,
    // The certificate as a PDF (application/pdf).
    response: { 200: bytesSchema },
  },
  // Admin course builder (issue 31)
  'GET /api/admin/courses': {
    access: 'admin',
    response: { 200: adminCourseListSchema },
  },
  'POST /api/admin/courses': {
    access: 'admin',
    body: courseDraftSchema,
    response: { 201: adminCourseSchema },
  },
  'GET /api/admin/courses/:id': {
    access: 'admin',
    params: adminCourseParamsSchema,
    response: { 200: adminCourseSchema },
  },
  'PUT /api/admin/courses/:id': {
    access: 'admin',
    params: adminCourseParamsSchema,
    body: courseDraftSchema,
    response: { 200: adminCourseSchema },
  },
  'PUT /api/admin/courses/:id/published': {
    access: 'admin',
    params: adminCourseParamsSchema,
    body: coursePublishedBodySchema,
    response: { 200: adminCourseSchema },
  },
  'DELETE /api/admin/courses/:id': {
    access: 'admin',
    params: adminCourseParamsSchema,
    response: { 200: courseRemovedSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
