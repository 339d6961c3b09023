import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import { chatMessageSchema, drawingShareQuerySchema } from '../chat';
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
} from '../chat-moderation';
import { chatUnreadSchema } from '../chat-unread';

/** The chat's HTTP side: unread counts, reports, moderation, search and shared drawings. Part of the one table of the API (contract/api-routes.ts). */
export const CHAT_ROUTES = {
  'GET /api/chat/unread': {
    access: 'signed-in',
    response: { 200: chatUnreadSchema },
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
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
