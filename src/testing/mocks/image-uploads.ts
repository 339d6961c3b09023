import { HttpResponse } from 'msw';
import {
  detectImageType,
  IMAGE_LIMITS,
  IMAGE_MESSAGES,
  imageUrl,
  MAX_UPLOAD_BODY_BYTES,
} from '@contract/image-rules';
import { ApiFailure } from './api-route';

// The product server's image store (server/services/image-upload.ts) for the fakes: an admin's
// cover (POST /images) and a drawing shared to a room (POST /chat/rooms/{room}/drawings) are read
// and kept the same way, and GET /images/{id} serves them.

type ImageType = (typeof IMAGE_LIMITS.types)[number];
type StoredImage = { type: ImageType; bytes: Uint8Array };

const uploads = new Map<string, StoredImage>();
let uploadSequence = 0;

/** The multipart field `image` as bytes with its type by its bytes; 400/413 as the server. */
export async function readImage(request: Request): Promise<StoredImage> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UPLOAD_BODY_BYTES) {
    throw new ApiFailure(413, IMAGE_MESSAGES.tooLarge);
  }
  const form = await request.formData().catch(() => {
    throw new ApiFailure(400, IMAGE_MESSAGES.oneFile);
  });
  const file = form.get(IMAGE_LIMITS.field);
  // Not `instanceof Blob`: under jsdom the test's Blob class is not the one msw parses into.
  if (file === null || typeof file === 'string') throw new ApiFailure(400, IMAGE_MESSAGES.oneFile);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes) throw new ApiFailure(413, IMAGE_MESSAGES.tooLarge);
  const type = detectImageType(bytes);
  if (!type) throw new ApiFailure(400, IMAGE_MESSAGES.notAnImage);
  return { type, bytes };
}

/** Keeps an image; the URL it is served at. */
export function storeImage(image: StoredImage): string {
  const id = `img-${++uploadSequence}`;
  uploads.set(id, image);
  return imageUrl(id);
}

/** GET /images/{id}: the bytes as stored. */
export function serveImage(id: string): HttpResponse<ArrayBuffer> {
  const image = uploads.get(id);
  if (!image) throw new ApiFailure(404, IMAGE_MESSAGES.notFound);
  return new HttpResponse(image.bytes.slice().buffer, { headers: { 'content-type': image.type } });
}
