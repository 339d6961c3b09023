import { stat } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import { basename, dirname, join } from 'node:path';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../../contract/domain-error';
import { errorCode, INTERNAL_ERROR_MESSAGE } from '../../contract/error-code';
import { PRERENDERED_DIR, prerenderedFileOf } from '../../contract/prerendered';
import { apiErrorSchema, type ApiError, type ApiErrorCode } from '../../contract/errors';
import { validationMessage } from '../../contract/validation-message';
import { DatabaseUnavailableError } from '../db/client';
import type { PageSnapshots } from '../services/page-snapshots';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now. Please try again in a moment.';

/** Seconds a client is asked to wait after a 503 (PostgreSQL restarts take a few). */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/**
 * An HTTP-level refusal (401, 413, 429, a malformed upload): the message is shown to the client.
 * Failures in the shop's own terms are DomainErrors, mapped to a status in one table.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Spread into every route's `response` schema: what the error handler sends. */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

export function apiError(code: ApiErrorCode, message: string): ApiError {
  return { error: { code, message } };
}

export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

type Classified = { status: number; message: string };

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error;
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Turns any error into the status and client-facing message of the JSON error shape. */
function classify(error: unknown, request: FastifyRequest): Classified {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = validationMessage(
      error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      })),
    );
    return { status: 400, message };
  }
  // The one place the shop's own failures become HTTP statuses (contract/domain-error.ts).
  if (error instanceof DomainError) {
    return { status: error.status, message: error.message };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.message };
  }
  if (error instanceof DatabaseUnavailableError) {
    return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
  }
  if (!isFastifyError(error)) {
    return { status: 500, message: INTERNAL_ERROR_MESSAGE };
  }

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'Malformed JSON body' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body is empty' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        message: `Request body is larger than ${formatBytes(request.routeOptions.bodyLimit)}`,
      };
    // Fastify's message would echo the whole (long) path back.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, message: 'A path parameter is too long' };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'Malformed URL' };
    // docs/architecture.md §3 lists the API's error statuses; an unsupported body type is a plain bad request.
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, message: 'Unsupported Content-Type: send application/json' };
  }

  const status = error.statusCode ?? 500;
  if (error.validation) return { status: 400, message: error.message };
  // The JSON parser marks its SyntaxErrors (bad JSON, forbidden __proto__ keys) with 400.
  if (error instanceof SyntaxError && status === 400) {
    return { status: 400, message: 'Malformed JSON body' };
  }
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: INTERNAL_ERROR_MESSAGE };
}

function pathOf(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '/';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * One error shape for the whole app, `{ error: { code, message } }`. Call it on the root
 * instance before anything else is registered: routes capture the handler when they are added.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // Only JSON bodies (multipart routes add their own parser): anything else is a clear 400.
  app.removeContentTypeParser('text/plain');

  app.setErrorHandler(sendError);
}

/** Sends any error in the shared shape; only a 5xx is logged (with its details) as a failure. */
function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, message } = classify(error, request);
  if (error instanceof DatabaseUnavailableError) {
    // Expected while PostgreSQL restarts: one line, not a stack per request.
    request.log.warn({ cause: String(error.cause) }, 'database unreachable: answered 503');
    void reply.header('retry-after', String(RETRY_AFTER_UNAVAILABLE_SECONDS));
  } else if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
  return reply.code(status).send(apiError(codeForStatus(status), message));
}

export type NotFoundOptions = {
  /** The SPA's index.html, when it is served: sent for unknown browser navigations. */
  spaIndexFile: string | undefined;
  /** The catalogue's page snapshots (docs/decisions.md D63), when the SPA is served. */
  snapshots?: PageSnapshots;
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The document of a screen: its prerendered copy of index.html when the build made one for this
 * exact path (docs/decisions.md D49), else index.html; relative to the SPA's folder.
 */
async function spaDocumentFor(spaIndexFile: string, path: string): Promise<string> {
  const prerendered = prerenderedFileOf(path);
  if (prerendered) {
    const file = `${PRERENDERED_DIR}/${prerendered}`;
    if (await isFile(join(dirname(spaIndexFile), file))) return file;
  }
  return basename(spaIndexFile);
}

/** 404s: JSON under /api and for non-browser requests; the SPA shell for browser navigations. */
export function registerNotFoundHandler(app: FastifyInstance, options: NotFoundOptions): void {
  const { spaIndexFile, snapshots } = options;
  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    const isApi = path === '/api' || path.startsWith('/api/');
    const isNavigation = request.method === 'GET' || request.method === 'HEAD';

    // Checked per request: a redeploy may replace the build under a running server, and
    // sendFile on a missing file would end in Fastify's plain-text 404.
    if (
      spaIndexFile &&
      !isApi &&
      isNavigation &&
      wantsHtml(request) &&
      (await isFile(spaIndexFile))
    ) {
      // A snapshot is of the address alone: a query (`/book?page=2`) may pick other content.
      const snapshot = request.url.includes('?') ? undefined : snapshots?.documentFor(path);
      if (snapshot) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(snapshot);
      }
      const document = await spaDocumentFor(spaIndexFile, path);
      return reply.header('cache-control', 'no-cache').sendFile(document);
    }
    return sendNotFound(request, reply, path);
  });
}

function sendNotFound(request: FastifyRequest, reply: FastifyReply, path: string) {
  return reply.code(404).send(apiError('not_found', `Route ${request.method} ${path} not found`));
}

type FrameworkErrorHandler = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => void;

/**
 * Fastify's `frameworkErrors`: errors raised while routing (an undecodable URL, an over-long
 * path parameter), answered like any other error. No hook ran yet, so the security headers are
 * added here.
 */
export function frameworkErrorHandler(
  headers: Readonly<Record<string, string>>,
): FrameworkErrorHandler {
  return (error, request, reply) => {
    void sendError(error, request, reply.headers(headers));
  };
}

type ClientErrorHandler = (this: FastifyInstance, error: Error, socket: Socket) => void;

function clientErrorStatus(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'Request headers are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive' };
    default:
      return { status: 400, message: 'Malformed HTTP request' };
  }
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers too large, a
 * request or its headers too slow, bad framing) before Fastify saw it. Answers in the shared
 * JSON shape, with the security headers, then closes the connection.
 */
export function clientErrorHandler(headers: Readonly<Record<string, string>>): ClientErrorHandler {
  return function (error, socket) {
    const code = errorCode(error);
    if (code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorStatus(code);
    this.log.debug({ err: error }, 'client error');
    // As Node does: only when no answer has begun on this connection.
    if (socket.writable && socket.bytesWritten === 0) {
      const body = JSON.stringify(apiError(codeForStatus(status), message));
      const head = {
        ...headers,
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
