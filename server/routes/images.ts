import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findImage } from '../db/repositories/images';
import { DomainError } from '../../contract/domain-error';
import { apiRoute } from '../plugins/api-route';
import { detectImageType, IMAGE_MESSAGES, imageUrl } from '../../contract/image-rules';
import { acceptImageUploads, readUpload, storeImage } from '../services/image-upload';

/** A year: an image's URL never changes what it serves (a new upload gets a new id). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The hashes an If-None-Match header names (`*` matches any). */
function knownHashes(header: string | undefined): { any: boolean; hashes: string[] } {
  const tags = (header ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    any: tags.includes('*'),
    // Weak comparison (RFC 9110 §13.1.2): W/ is ignored.
    hashes: tags.map((tag) => tag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1')),
  };
}

/** Admins upload book covers; anyone fetches them (the web app's fallback when imgbb is off). */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const upload = await acceptImageUploads(app);

  apiRoute(
    app,
    'POST /api/images',
    { ...upload, config: { rateLimit: 'imageUploadPerAdmin' } },
    async (request) => {
      const bytes = await readUpload(request);
      const contentType = detectImageType(bytes);
      if (!contentType) throw new DomainError('invalid', IMAGE_MESSAGES.notAnImage);
      const id = await storeImage(app.db, bytes, contentType);
      return { success: true as const, data: { url: imageUrl(id) } };
    },
  );

  // The bytes as they are (Fastify sends a Buffer unserialised); a 304 has no body.
  apiRoute(app, 'GET /api/images/:id', {}, async (request, reply) => {
    const known = knownHashes(request.headers['if-none-match']);
    const image = await findImage(app.db, request.params.id, known.hashes);
    if (!image) throw new DomainError('not-found', IMAGE_MESSAGES.notFound);
    void reply
      .header('etag', `"${image.sha256}"`)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff');
    if (image.bytes === null || known.any) return reply.code(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
};
