import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCode } from '../../contract/error-code';
import { IMAGE_LIMITS } from '../../contract/images';
import { findImage, insertImage } from '../db/repositories/images';
import { DomainError } from '../../contract/domain-error';
import { apiRoute } from '../plugins/api-route';
import { HttpError } from '../plugins/errors';

type ImageType = (typeof IMAGE_LIMITS.types)[number];

export const IMAGE_MESSAGES = {
  notFound: 'No such image.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or GIF image.',
  tooLarge: `The image is larger than ${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  oneFile: `Send one file, in the multipart field "${IMAGE_LIMITS.field}".`,
  malformed: 'Malformed multipart body.',
} as const;

/** Room for the multipart framing (boundaries, part headers) around the largest image. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = IMAGE_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES;

/** A year: an image's URL never changes what it serves (a new upload gets a new id). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes are (their magic numbers), whatever the name or declared type say. */
export function detectImageType(bytes: Buffer): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** The multipart parser's failures, in the shared error shape (busboy's own have no status). */
function uploadError(error: unknown): HttpError {
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, IMAGE_MESSAGES.tooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, IMAGE_MESSAGES.oneFile);
    default:
      return new HttpError(400, IMAGE_MESSAGES.malformed);
  }
}

/** The bytes of the one file in the `image` field, read into memory (at most 5 MB). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(400, IMAGE_MESSAGES.oneFile);
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 0, parts: 1 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== IMAGE_LIMITS.field) {
        throw new HttpError(400, IMAGE_MESSAGES.oneFile);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw error instanceof HttpError ? error : uploadError(error);
  }
  if (!bytes) throw new HttpError(400, IMAGE_MESSAGES.oneFile);
  return bytes;
}

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
  // Only this plugin parses multipart; every other route keeps JSON only.
  await app.register(multipart, { throwFileSizeLimit: true });

  apiRoute(
    app,
    'POST /api/images',
    {
      // The app's 1 MB limit is for JSON; an upload may carry a 5 MB image.
      bodyLimit: MAX_UPLOAD_BODY_BYTES,
      config: { rateLimit: 'imageUploadPerAdmin' },
      // Multipart bodies are streamed, not parsed by Fastify: refuse an announced oversize body
      // before reading any of it (busboy's file limit catches the rest).
      preHandler: async (request) => {
        if (Number(request.headers['content-length']) > MAX_UPLOAD_BODY_BYTES) {
          throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
        }
      },
    },
    async (request) => {
      const bytes = await readUpload(request);
      const contentType = detectImageType(bytes);
      if (!contentType) throw new DomainError('invalid', IMAGE_MESSAGES.notAnImage);
      const sha256 = createHash('sha256').update(bytes).digest('base64url');
      const id = await insertImage(app.db, { contentType, bytes, sha256 });
      return { success: true as const, data: { url: `/api/images/${id}` } };
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
