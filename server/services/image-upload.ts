import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCode } from '../../contract/error-code';
import { IMAGE_LIMITS, IMAGE_MESSAGES, MAX_UPLOAD_BODY_BYTES } from '../../contract/image-rules';
import type { Queryable } from '../db/client';
import { insertImage } from '../db/repositories/images';
import { HttpError } from '../plugins/errors';

/**
 * Image uploads, one way for every route that takes one (an admin's cover, POST /images; a
 * drawing shared to a chat room, POST /chat/rooms/{room}/drawings): one file in one multipart
 * field, at most 5 MB, its type recognised from its bytes, stored in `images`.
 */

type ImageType = (typeof IMAGE_LIMITS.types)[number];

/**
 * Lets the routes of `app`'s scope read uploads (every other route keeps JSON only), and the
 * route options an upload route takes: a 5 MB body, an announced oversize body refused before
 * any of it is read (busboy's file limit catches the rest).
 */
export async function acceptImageUploads(app: FastifyInstance) {
  await app.register(multipart, { throwFileSizeLimit: true });
  return {
    // The app's 1 MB limit is for JSON; an upload may carry a 5 MB image.
    bodyLimit: MAX_UPLOAD_BODY_BYTES,
    preHandler: async (request: FastifyRequest) => {
      if (Number(request.headers['content-length']) > MAX_UPLOAD_BODY_BYTES) {
        throw new HttpError(413, IMAGE_MESSAGES.tooLarge);
      }
    },
  };
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
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
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

/** Stores checked image bytes; their id (GET /api/images/{id} serves them). */
export async function storeImage(db: Queryable, bytes: Buffer, contentType: ImageType) {
  const sha256 = createHash('sha256').update(bytes).digest('base64url');
  return insertImage(db, { contentType, bytes, sha256 });
}
