import { gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_PAGE_ROUTES, policyFor, routeKey } from '../../../server/auth/access-policy';

/**
 * Checks the server's real answers against the OpenAPI document it serves: every answer of a
 * documented route must have a documented status, content type and (for JSON) body. The test
 * app builder adds the check to every app, and the server suite's setup fails the test whose
 * answers did not match (tests/server/setup.ts).
 */

type OpenApiResponse = { content?: Record<string, { schema?: unknown }> };
type OpenApiOperation = { responses?: Record<string, OpenApiResponse> };
type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

/** One answer, as the server sent it. */
export type SentAnswer = {
  method: string;
  /** The route's URL as registered (`/api/carts/quantity/:id`). */
  routeUrl: string;
  status: number;
  contentType: string | undefined;
  contentEncoding: string | undefined;
  /** The bytes sent; undefined when they were a stream (a file, a compressed answer). */
  body: string | Buffer | null | undefined;
};

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** `/api/carts/quantity/:id` as OpenAPI writes it: `/api/carts/quantity/{id}`. */
export function openApiPath(routeUrl: string): string {
  return routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** One ajv (and its compiled validators) per document object. */
const validators = new WeakMap<object, { ajv: Ajv2020; cache: Map<string, ValidateFunction> }>();

function validatorFor(document: OpenApiDocument, pointer: string): ValidateFunction {
  let entry = validators.get(document);
  if (!entry) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    // OpenAPI's format for bytes; never a JSON answer.
    ajv.addFormat('binary', true);
    ajv.addSchema(document, 'openapi.json');
    entry = { ajv, cache: new Map() };
    validators.set(document, entry);
  }
  let validate = entry.cache.get(pointer);
  if (!validate) {
    validate = entry.ajv.getSchema(`openapi.json#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    entry.cache.set(pointer, validate);
  }
  return validate;
}

function decodedText(answer: SentAnswer): string | undefined {
  const { body, contentEncoding } = answer;
  if (body === undefined || body === null) return '';
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (contentEncoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (contentEncoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/**
 * What is wrong with an answer against the document, or null when it matches (or the route is
 * not an API operation: not in the access-policy table, or the reference page's own files).
 */
export function responseMismatch(document: unknown, answer: SentAnswer): string | null {
  const { method, routeUrl, status } = answer;
  if (method === 'HEAD') return null;
  const key = routeKey(method, routeUrl);
  if (policyFor(method, routeUrl) === undefined || API_REFERENCE_PAGE_ROUTES.has(key)) return null;

  const doc = document as OpenApiDocument;
  const path = openApiPath(routeUrl);
  const verb = method.toLowerCase();
  const responses = doc.paths?.[path]?.[verb]?.responses;
  if (!responses) return `${key} is not in the document`;
  const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => responses[c]);
  const response = code === undefined ? undefined : responses[code];
  if (code === undefined || !response) {
    return `${key} answered ${status}, which the document does not list`;
  }
  const where = `${key} → ${status}`;
  const content = response.content;
  if (!content) {
    const text = decodedText(answer);
    return text ? `${where}: a body, where the document says none` : null;
  }
  const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType || !content[mediaType]) {
    return `${where}: sent ${mediaType ?? 'no content type'}, documented ${Object.keys(content).join(', ')}`;
  }
  if (mediaType !== 'application/json' || answer.body === undefined) return null;

  const text = decodedText(answer);
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return `${where}: not JSON: ${text?.slice(0, 200)}`;
  }
  const pointer = ['paths', path, verb, 'responses', code, 'content', mediaType, 'schema']
    .map(escapePointer)
    .join('/');
  const validate = validatorFor(doc, `/${pointer}`);
  if (validate(value)) return null;
  const errors = (validate.errors ?? [])
    .map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`)
    .join('; ');
  return `${where}: the body does not match the documented schema (${errors}): ${text?.slice(0, 300)}`;
}

const mismatches: string[] = [];

/** The mismatches found since the last call (and forgets them). */
export function takeResponseMismatches(): string[] {
  return mismatches.splice(0);
}

function headerText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The documents already generated in this worker, by the routes they describe. The server suite
 * builds hundreds of apps, most with the same routes, whose schemas are the same module-level zod
 * objects: generating each one's document again, and compiling its validators, was an eighth of
 * the suite's CPU (docs/decisions.md D110). Apps with other routes (a test's own, a plugin left
 * out) get their own.
 */
const documentsByRoutes = new Map<string, unknown>();
const documentOfApp = new WeakMap<FastifyInstance, unknown>();

function documentOf(app: FastifyInstance): unknown {
  let document = documentOfApp.get(app);
  if (document === undefined) {
    const routes = app.printRoutes({ commonPrefix: false, includeHooks: false });
    document = documentsByRoutes.get(routes);
    if (document === undefined) {
      document = app.swagger();
      documentsByRoutes.set(routes, document);
    }
    documentOfApp.set(app, document);
  }
  return document;
}

/** Checks every answer of `app` against the document it serves (see responseMismatch). */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return payload;
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : undefined;
    const streamed = payload !== null && payload !== undefined && body === undefined;
    try {
      const mismatch = responseMismatch(documentOf(app), {
        method: request.method,
        routeUrl,
        status: reply.statusCode,
        contentType: headerText(reply.getHeader('content-type')),
        contentEncoding: headerText(reply.getHeader('content-encoding')),
        body: streamed ? undefined : (body ?? null),
      });
      if (mismatch) mismatches.push(mismatch);
    } catch (error) {
      mismatches.push(
        `${request.method} ${routeUrl}: could not check the answer: ${String(error)}`,
      );
    }
    return payload;
  });
}
