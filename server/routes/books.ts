import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOOK_MESSAGES } from '../../contract/books';
import { DomainError } from '../../contract/domain-error';
import { inDollars, toCents } from '../../contract/money';
import { findBook } from '../db/repositories/books';
import { apiRoute, sendWhenReady } from '../plugins/api-route';
import { requireCaller } from '../plugins/auth';
import { createBookAsAdmin, removeBookAsAdmin, updateBookAsAdmin } from '../services/book-admin';
import type { CatalogueAnswer } from '../services/catalogue';

const JSON_TYPE = 'application/json; charset=utf-8';

export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue } = app;

  // Its 200 (contract/api-routes.ts) is the JSON of a Book[] (no `page`) or a page, sent as the
  // bytes the catalogue serialised.
  // Not async: an answer in memory (nearly every request) is sent on this tick, without a
  // promise (docs/decisions.md D93).
  apiRoute(app, 'GET /api/books', { compress: false }, (request, reply) =>
    // The catalogue's bytes are built (and checked against the table's schemas) once per version;
    // sending them as they are skips the per-response serializer and gzip.
    sendWhenReady(catalogue.ready(request.query) ?? catalogue.answer(request.query), (answer) =>
      sendAnswer(request.headers, reply, answer),
    ),
  );

  apiRoute(app, 'GET /api/books/:id', {}, async (request) => {
    const book = await findBook(app.db, request.params.id);
    if (!book) throw new DomainError('not-found', BOOK_MESSAGES.notFound);
    return inDollars(book);
  });

  apiRoute(
    app,
    'POST /api/book',
    { config: { rateLimit: 'bookCreatePerAdmin' } },
    async (request, reply) => {
      const { price, description = '', ...fields } = request.body;
      const created = await createBookAsAdmin(app.db, {
        actorEmail: requireCaller(request).email,
        book: { ...fields, description, priceCents: toCents(price) },
      });
      catalogue.invalidate();
      return reply.code(201).send({ acknowledged: true as const, insertedId: created.id });
    },
  );

  apiRoute(
    app,
    'PATCH /api/books/:id',
    { config: { rateLimit: 'bookWritePerAdmin' } },
    async (request) => {
      const { price, ...fields } = request.body;
      const book = await updateBookAsAdmin(app.db, {
        actorEmail: requireCaller(request).email,
        id: request.params.id,
        patch: { ...fields, ...(price === undefined ? {} : { priceCents: toCents(price) }) },
      });
      catalogue.invalidate();
      return inDollars(book);
    },
  );

  apiRoute(
    app,
    'DELETE /api/books/:id',
    { config: { rateLimit: 'bookWritePerAdmin' } },
    async (request) => {
      const { id } = request.params;
      await removeBookAsAdmin(app.db, { actorEmail: requireCaller(request).email, id });
      catalogue.invalidate();
      return { acknowledged: true as const, removedId: id };
    },
  );
};

/** Sends a catalogue answer: a 304 when the client has it, gzip when it takes gzip. */
function sendAnswer(
  headers: IncomingHttpHeaders,
  reply: FastifyReply,
  answer: CatalogueAnswer,
): void {
  void reply
    .header('etag', answer.etag)
    // Cached, but asked again each time: a new book shows at once, unchanged pages are a 304.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    // Matches before paging, so a client of the plain list can still draw page links.
    .header('x-total-count', String(answer.total));
  if (matchesEtag(headers['if-none-match'], answer.etag)) {
    void reply.code(304).send();
    return;
  }
  void reply.header('content-type', JSON_TYPE);
  if (answer.gzip && acceptsGzip(headers['accept-encoding'])) {
    // @fastify/compress leaves an answer that already has a content-encoding alone.
    void reply.header('content-encoding', 'gzip').send(answer.gzip);
    return;
  }
  void reply.send(answer.json);
}

/** If-None-Match against our weak ETag (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Whether Accept-Encoding allows gzip (listed, or `*`, without q=0). */
// A browser sends the same Accept-Encoding with every request: its answer is kept.
let lastAcceptEncoding: string | undefined;
let lastAcceptsGzip = false;

function acceptsGzip(header: string | undefined): boolean {
  if (header === lastAcceptEncoding) return lastAcceptsGzip;
  lastAcceptEncoding = header;
  lastAcceptsGzip = parseAcceptsGzip(header);
  return lastAcceptsGzip;
}

function parseAcceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') wildcard = allowed;
  }
  return wildcard;
}
