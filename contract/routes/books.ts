import { z } from 'zod';
import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec, bytesSchema, notModifiedSchema } from '../api-route-spec';
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
} from '../books';

/** The catalogue and the admin's books (docs/product.md §2 Books). Part of the one table of the API (contract/api-routes.ts). */
export const BOOK_ROUTES = {
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
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
