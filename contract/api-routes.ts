import { z } from 'zod';
import type { AccessPolicy, RouteKey } from './access-policy';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderParamsSchema,
  refundAcceptedSchema,
  refundBodySchema,
} from './admin-orders';
import {
  adminBookListQuerySchema,
  adminBookPageSchema,
  bookCreateBodySchema,
  bookCreatedSchema,
  bookDetailSchema,
  bookHistorySchema,
  bookListQuerySchema,
  bookListSchema,
  bookPageSchema,
  bookParamsSchema,
  bookRemovedSchema,
  bookUpdateBodySchema,
} from './books';
import { salesQuerySchema, salesReportSchema } from './sales';
import { vitalsBeaconSchema, vitalsQuerySchema, vitalsReportSchema } from './vitals';
import {
  chatMessageContextSchema,
  chatMessageParamsSchema,
  chatReportBodySchema,
  chatReportFiledSchema,
  chatReportListSchema,
  chatReportParamsSchema,
  chatReportSchema,
  chatRoomParamsSchema,
  chatSearchPageSchema,
  chatSearchQuerySchema,
  moderationActionBodySchema,
} from './chat-moderation';
import {
  addToCartBodySchema,
  cartLineDeletedSchema,
  cartLineListSchema,
  cartLineParamsSchema,
  cartLineSchema,
  cartQuantityBodySchema,
} from './carts';
import { chatMessageSchema, drawingShareQuerySchema } from './chat';
import { chatUnreadSchema } from './chat-unread';
import {
  certificateParamsSchema,
  certificateSchema,
  courseDetailSchema,
  courseParamsSchema,
  courseProgressSchema,
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
  adminCourseListSchema,
  adminCourseParamsSchema,
  adminCourseSchema,
  courseDraftSchema,
  coursePublishedBodySchema,
  courseRemovedSchema,
} from './courses';
import { healthySchema, unhealthySchema } from './health';
import { imageParamsSchema, imageUploadedSchema } from './images';
import { newsletterBodySchema, newsletterResponseSchema } from './newsletter';
import {
  checkoutParamsSchema,
  checkoutSchema,
  orderDeletedSchema,
  myCheckoutListQuerySchema,
  myCheckoutPageSchema,
  orderListSchema,
  orderParamsSchema,
} from './orders';
import {
  paymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentWebhookResponseSchema,
} from './payments';
import {
  acknowledgedSchema,
  deleteUserResponseSchema,
  emailParamsSchema,
  isAdminResponseSchema,
  profileUpdateBodySchema,
  roleChangedResponseSchema,
  tokenExchangeBodySchema,
  tokenResponseSchema,
  userListSchema,
  userProfileSchema,
} from './users';

/**
 * One `/api` route: who may call it (contract/access-policy.ts) and its zod schemas. The server
 * registers its handler from this entry (server/plugins/api-route.ts: validation, serialisation
 * and the OpenAPI document), and the web app's msw fakes validate with the same schemas
 * (src/testing/mocks/api-route.ts). The error answers (`{ error: { code, message } }`) are not
 * listed: every route has them.
 */
export type ApiRouteSpec = {
  access: AccessPolicy;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers other than errors, by status. */
  response?: Readonly<Record<number, z.ZodType>>;
};

/**
 * Bytes sent as they are (Fastify never serialises a Buffer). A Uint8Array, not a Buffer, so the
 * web app can import the table.
 */
const bytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
/** A 304 has no body. */
const notModifiedSchema = z.undefined();

/**
 * Every `/api` route, `'METHOD /api/path/:param'` (the URL exactly as Fastify registers it): the
 * one table of the API. The server refuses to start with an `/api` route that is not here.
 */
export const API_ROUTES = {
  'GET /api/health': {
    access: 'anyone',
    // The 200 is sent as bytes serialised once per check (server/routes/health.ts, D66).
    response: { 200: z.union([healthySchema, bytesSchema]), 503: unhealthySchema },
  },
  'GET /api/books': {
    access: 'anyone',
    query: bookListQuerySchema,
    response: {
      // The JSON of a Book[] (no `page`) or a page, sent as bytes the catalogue serialised.
      200: z.union([bookListSchema, bookPageSchema, bytesSchema]),
      304: notModifiedSchema,
    },
  },
  'GET /api/books/:id': {
    access: 'anyone',
    params: bookParamsSchema,
    response: { 200: bookDetailSchema },
  },
  'GET /api/images/:id': {
    access: 'anyone',
    params: imageParamsSchema,
    // The image's bytes as they were uploaded.
    response: { 200: bytesSchema, 304: notModifiedSchema },
  },
  'POST /api/newsletter': {
    access: 'anyone',
    body: newsletterBodySchema,
    response: { 200: newsletterResponseSchema, 201: newsletterResponseSchema },
  },
  'POST /api/vitals': {
    access: 'anyone',
    body: vitalsBeaconSchema,
    // Stored; nothing to answer (a beacon reads no answer).
    response: { 204: notModifiedSchema.describe('Stored') },
  },
  'GET /api/openapi.json': {
    access: 'anyone',
    response: { 200: z.record(z.string(), z.unknown()).describe('The OpenAPI 3.1 document') },
  },
  // The reference page (Swagger UI) and its own files (API_REFERENCE_PAGE_ROUTES): served by
  // @fastify/swagger-ui, not ours to describe, so a policy only.
  'GET /api/docs': { access: 'anyone' },
  'GET /api/docs/': { access: 'anyone' },
  'GET /api/docs/json': { access: 'anyone' },
  'GET /api/docs/yaml': { access: 'anyone' },
  'GET /api/docs/static/*': { access: 'anyone' },
  'GET /api/docs/static/index.html': { access: 'anyone' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'anyone' },

  'GET /api/carts': {
    access: 'signed-in',
    response: { 200: cartLineListSchema },
  },
  'POST /api/cart': {
    access: 'signed-in',
    body: addToCartBodySchema,
    response: { 200: cartLineSchema, 201: cartLineSchema },
  },
  'PUT /api/carts/quantity/:id': {
    access: 'cart-line-owner',
    params: cartLineParamsSchema,
    body: cartQuantityBodySchema,
    response: { 200: cartLineSchema },
  },
  'DELETE /api/carts/delete/:id': {
    access: 'cart-line-owner',
    params: cartLineParamsSchema,
    response: { 200: cartLineDeletedSchema },
  },

  'POST /api/payments/intent': {
    access: 'signed-in',
    body: paymentIntentBodySchema,
    response: { 200: paymentIntentResponseSchema },
  },
  'POST /api/payments/webhook': {
    access: 'stripe-signature',
    // The raw bytes Stripe signed (absent when a request sends none).
    body: bytesSchema.optional(),
    response: { 200: paymentWebhookResponseSchema },
  },
  'GET /api/chat/unread': {
    access: 'signed-in',
    response: { 200: chatUnreadSchema },
  },
  'GET /api/courses/owned': {
    access: 'signed-in',
    response: { 200: ownedCourseListSchema },
  },
  'GET /api/booking/email/:email': {
    access: 'self-or-admin',
    params: emailParamsSchema,
    response: { 200: orderListSchema },
  },
  // My Orders by checkout (docs/product.md §2.13, docs/decisions.md D55); the spec's list above stays as it was.
  'GET /api/orders': {
    access: 'signed-in',
    query: myCheckoutListQuerySchema,
    response: { 200: myCheckoutPageSchema },
  },
  'GET /api/orders/:id': {
    access: 'payment-owner-or-admin',
    params: checkoutParamsSchema,
    response: { 200: checkoutSchema },
  },
  'DELETE /api/booking/dlt/:id': {
    access: 'order-owner',
    params: orderParamsSchema,
    response: { 200: orderDeletedSchema },
  },

  'PUT /api/user/:email': {
    access: 'firebase-self',
    params: emailParamsSchema,
    body: tokenExchangeBodySchema,
    response: { 200: tokenResponseSchema },
  },
  'GET /api/admin/:email': {
    access: 'self',
    params: emailParamsSchema,
    response: { 200: isAdminResponseSchema },
  },
  'GET /api/userprofile/:email': {
    access: 'self-or-admin',
    params: emailParamsSchema,
    response: { 200: userProfileSchema },
  },
  'PUT /api/userupdate/:email': {
    access: 'self',
    params: emailParamsSchema,
    body: profileUpdateBodySchema,
    response: { 200: acknowledgedSchema },
  },

  'GET /api/allusers': {
    access: 'admin',
    response: { 200: userListSchema },
  },
  'DELETE /api/allusers/dlt/:email': {
    access: 'admin',
    params: emailParamsSchema,
    response: { 200: deleteUserResponseSchema },
  },
  'PUT /api/allusers/makeadmin/:email': {
    access: 'admin',
    params: emailParamsSchema,
    response: { 200: roleChangedResponseSchema },
  },
  'PUT /api/allusers/removeadmin/:email': {
    access: 'admin',
    params: emailParamsSchema,
    response: { 200: roleChangedResponseSchema },
  },
  'POST /api/book': {
    access: 'admin',
    body: bookCreateBodySchema,
    response: { 201: bookCreatedSchema },
  },
  'PATCH /api/books/:id': {
    access: 'admin',
    params: bookParamsSchema,
    body: bookUpdateBodySchema,
    response: { 200: bookDetailSchema },
  },
  'DELETE /api/books/:id': {
    access: 'admin',
    params: bookParamsSchema,
    response: { 200: bookRemovedSchema },
  },
  'GET /api/admin/books': {
    access: 'admin',
    query: adminBookListQuerySchema,
    response: { 200: adminBookPageSchema },
  },
  'GET /api/admin/books/:id/history': {
    access: 'admin',
    // A removed book keeps its history.
    params: bookParamsSchema,
    response: { 200: bookHistorySchema },
  },
  'GET /api/admin/orders': {
    access: 'admin',
    query: adminOrderListQuerySchema,
    response: { 200: adminOrderPageSchema },
  },
  'GET /api/admin/orders/:id': {
    access: 'admin',
    params: adminOrderParamsSchema,
    response: { 200: adminOrderDetailSchema },
  },
  'POST /api/admin/orders/:id/refunds': {
    access: 'admin',
    params: adminOrderParamsSchema,
    body: refundBodySchema,
    response: { 202: refundAcceptedSchema },
  },
  'GET /api/admin/vitals': {
    access: 'admin',
    query: vitalsQuerySchema,
    response: { 200: vitalsReportSchema },
  },
  'GET /api/admin/sales': {
    access: 'admin',
    query: salesQuerySchema,
    response: { 200: salesReportSchema },
  },
  'POST /api/chat/messages/:id/reports': {
    access: 'signed-in',
    params: chatMessageParamsSchema,
    body: chatReportBodySchema,
    response: { 200: chatReportFiledSchema, 201: chatReportFiledSchema },
  },
  'GET /api/chat/messages/:id/context': {
    access: 'signed-in',
    params: chatMessageParamsSchema,
    response: { 200: chatMessageContextSchema },
  },
  'GET /api/chat/rooms/:room/messages': {
    access: 'signed-in',
    params: chatRoomParamsSchema,
    query: chatSearchQuerySchema,
    response: { 200: chatSearchPageSchema },
  },
  'GET /api/admin/chat-reports': {
    access: 'admin',
    response: { 200: chatReportListSchema },
  },
  'POST /api/admin/chat-reports/:id/actions': {
    access: 'admin',
    params: chatReportParamsSchema,
    body: moderationActionBodySchema,
    response: { 200: chatReportSchema },
  },
  'POST /api/chat/rooms/:room/drawings': {
    access: 'signed-in',
    params: chatRoomParamsSchema,
    query: drawingShareQuerySchema,
    // Multipart (one PNG), read by the route itself: no body schema.
    response: { 201: chatMessageSchema },
  },
  'POST /api/images': {
    access: 'admin',
    // Multipart (one file), read by the route itself: no body schema.
    response: { 200: imageUploadedSchema },
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

export type ApiRouteKey = keyof typeof API_ROUTES;

/** The routes whose schemas the table holds (all but the reference page's files). */
export type DescribedRouteKey = {
  [K in ApiRouteKey]: (typeof API_ROUTES)[K] extends { response: object } ? K : never;
}[ApiRouteKey];
