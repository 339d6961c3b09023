import { http, HttpResponse } from 'msw';
import { IMAGE_LIMITS } from '@contract/images';
import { BOOK_MESSAGES } from '@contract/book-rules';
import { ApiFailure, apiRoute } from './api-route';
import { db, type DbBook } from './db';

// Adding a book (docs/architecture.md §3): POST /book, and the image hosts it uploads to first, the product
// server's /images and imgbb. Who may call them and how bodies are checked come from contract/.

type ImageType = (typeof IMAGE_LIMITS.types)[number];

/** The type of an image by its first bytes, as the server decides it (the file name is not trusted). */
function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

// Uploads live as long as the page (or test file); their ids never repeat, so none leaks into another.
const uploads = new Map<string, { type: ImageType; bytes: Uint8Array }>();
let uploadSequence = 0;
let bookSequence = 0;

/** The multipart field `image` as bytes with its sniffed type; 400/413 like the server. */
async function readImage(request: Request): Promise<{ type: ImageType; bytes: Uint8Array }> {
  const form = await request.formData().catch(() => {
    throw new ApiFailure(
      400,
      `Send the image as multipart/form-data in the field "${IMAGE_LIMITS.field}".`,
    );
  });
  const file = form.get(IMAGE_LIMITS.field);
  // Not `instanceof Blob`: under jsdom the test's Blob class is not the one msw parses into.
  if (file === null || typeof file === 'string') {
    throw new ApiFailure(400, `Send the image in the multipart field "${IMAGE_LIMITS.field}".`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) throw new ApiFailure(400, 'The file must be a PNG, JPEG, WebP or GIF image.');
  return { type, bytes };
}

/** A book of the catalogue (not removed), as GET /books/{id} answers it; 404 otherwise. */
function liveBook(id: string): DbBook {
  const book = db.books.find((candidate) => candidate._id === id && !candidate.removed);
  if (!book) throw new ApiFailure(404, BOOK_MESSAGES.notFound);
  return book;
}

function tooLarge() {
  return HttpResponse.json(
    {
      error: {
        code: 'payload_too_large',
        message: `The image must be at most ${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB.`,
      },
    },
    { status: 413 },
  );
}

export const catalogueAdminHandlers = [
  apiRoute('POST /api/book', {
    handle: ({ body }) => {
      if (db.books.some((book) => !book.removed && book.name === body.name)) {
        throw new ApiFailure(409, `A book named "${body.name}" already exists`);
      }
      const insertedId = `b-new-${++bookSequence}`;
      db.books.push({ _id: insertedId, ...body, description: body.description ?? '' });
      return HttpResponse.json({ acknowledged: true, insertedId }, { status: 201 });
    },
  }),

  apiRoute('GET /api/books/:id', {
    handle: ({ params }) => HttpResponse.json(liveBook(params.id)),
  }),

  apiRoute('PATCH /api/books/:id', {
    handle: ({ params, body }) => {
      const book = liveBook(params.id);
      if (
        body.name !== undefined &&
        db.books.some(
          (other) => !other.removed && other._id !== book._id && other.name === body.name,
        )
      ) {
        throw new ApiFailure(409, `A book named "${body.name}" already exists`);
      }
      Object.assign(book, body);
      return HttpResponse.json(liveBook(params.id));
    },
  }),

  apiRoute('DELETE /api/books/:id', {
    handle: ({ params }) => {
      liveBook(params.id).removed = true;
      return HttpResponse.json({ acknowledged: true, removedId: params.id });
    },
  }),

  apiRoute('POST /api/images', {
    handle: async ({ request }) => {
      if (Number(request.headers.get('content-length') ?? 0) > IMAGE_LIMITS.maxBytes + 64 * 1024) {
        return tooLarge();
      }
      const image = await readImage(request);
      if (image.bytes.byteLength > IMAGE_LIMITS.maxBytes) return tooLarge();
      const id = `img-${++uploadSequence}`;
      uploads.set(id, image);
      return HttpResponse.json(
        { success: true, data: { url: `/api/images/${id}` } },
        { status: 201 },
      );
    },
  }),

  apiRoute('GET /api/images/:id', {
    handle: ({ params: { id } }) => {
      const image = uploads.get(id);
      if (!image) throw new ApiFailure(404, 'No such image.');
      return new HttpResponse(image.bytes, { headers: { 'content-type': image.type } });
    },
  }),
];

// Not imported from src/features/add-book/api/images-api.ts: the test setup loads these handlers, and a test that
// mocks the env (VITE_IMGBB_API_KEY) needs image-host loaded after its mock.
const IMGBB_UPLOAD_URL = 'https://api.imgbb.com/1/upload';

/**
 * imgbb's upload API (https://api.imgbb.com/): `key` in the query, the file in the multipart field
 * `image`; `{ data: { url, … }, success: true, status: 200 }`, or its error shape.
 */
export const imgbbHandlers = [
  http.post(IMGBB_UPLOAD_URL, async ({ request }) => {
    const imgbbError = (status: number, message: string) =>
      HttpResponse.json(
        { status_code: status, error: { message, code: status }, status_txt: 'Bad Request' },
        { status },
      );
    if (!new URL(request.url).searchParams.get('key')) return imgbbError(400, 'Empty API key.');
    const file = (await request.formData()).get('image');
    if (file === null || typeof file === 'string') return imgbbError(400, 'Empty upload source.');
    if (!sniffImageType(new Uint8Array(await file.arrayBuffer()))) {
      return imgbbError(400, 'Invalid image source.');
    }
    const id = `ibb${++uploadSequence}`;
    const url = `https://i.ibb.co/${id}/${encodeURIComponent(file.name || 'image')}`;
    return HttpResponse.json({
      data: { id, url, display_url: url, url_viewer: `https://ibb.co/${id}`, size: file.size },
      success: true,
      status: 200,
    });
  }),
];
