import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBookImageUrl } from '../../contract/books';
import { apiErrorSchema } from '../../contract/errors';
import { IMAGE_LIMITS, imageUploadedSchema } from '../../contract/images';
import { IMAGE_MESSAGES } from '../../contract/image-rules';
import { bearer, buildAccountsApp, freshIp, signIn, type SignedIn } from './helpers/accounts';
import type { TestApp } from './helpers/build-test-app';
import { uniqueEmail } from './helpers/firebase-emulator';
import { multipartBody, TINY_PNG, type FormPart } from './helpers/multipart';
import { expectError } from './helpers/api-error';

const TEXT = Buffer.from('just some text, not an image\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 2)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 3),
]);

/** A file that starts like a PNG, `size` bytes long. */
function pngOfSize(size: number): Buffer {
  return Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length, 7)]);
}

async function setUp(label: string, limits = {}) {
  const adminEmail = uniqueEmail(`${label}-admin`);
  const t = await buildAccountsApp({ adminEmails: [adminEmail], limits });
  const admin = await signIn(t.app, adminEmail);
  return { t, admin };
}

function uploader(t: TestApp) {
  return async (caller: SignedIn | undefined, parts: readonly FormPart[]) => {
    const { payload, headers } = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...headers, ...(caller ? bearer(caller.accessToken) : {}) },
      payload,
      remoteAddress: freshIp(),
    });
  };
}

const imageCount = async (t: TestApp) =>
  (await t.db.query<{ n: number }>('select count(*)::integer as n from images'))[0]?.n;

describe('POST /api/images refuses, storing nothing', () => {
  let t: TestApp;
  let admin: SignedIn;
  let upload: ReturnType<typeof uploader>;
  beforeAll(async () => {
    ({ t, admin } = await setUp('images-refused'));
    upload = uploader(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a text file named .png and declared image/png (400)', async () => {
    const res = await upload(admin, [
      { field: 'image', bytes: TEXT, filename: 'cover.png', type: 'image/png' },
    ]);
    expectError(res, 400, IMAGE_MESSAGES.notAnImage);
    expect(await imageCount(t)).toBe(0);
  });

  it('an SVG, an empty file and a truncated PNG signature (400)', async () => {
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      Buffer.alloc(0),
      TINY_PNG.subarray(0, 6),
    ]) {
      const res = await upload(admin, [
        { field: 'image', bytes, filename: 'x.png', type: 'image/png' },
      ]);
      expectError(res, 400, IMAGE_MESSAGES.notAnImage);
    }
    expect(await imageCount(t)).toBe(0);
  });

  it('a file over 5 MB (413)', async () => {
    const res = await upload(admin, [
      { field: 'image', bytes: pngOfSize(IMAGE_LIMITS.maxBytes + 1), filename: 'big.png' },
    ]);
    expectError(res, 413, IMAGE_MESSAGES.tooLarge);
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('payload_too_large');
    expect(await imageCount(t)).toBe(0);
  });

  it('a body announced far over 5 MB, before reading it (413)', async () => {
    const res = await upload(admin, [
      { field: 'image', bytes: pngOfSize(IMAGE_LIMITS.maxBytes + 200_000), filename: 'big.png' },
    ]);
    expectError(res, 413, IMAGE_MESSAGES.tooLarge);
    expect(await imageCount(t)).toBe(0);
  });

  it('another field name, two files, an extra field, or no file (400)', async () => {
    const png = { bytes: TINY_PNG, filename: 'a.png', type: 'image/png' };
    const cases: FormPart[][] = [
      [{ field: 'file', ...png }],
      [
        { field: 'image', ...png },
        { field: 'image', ...png },
      ],
      [
        { field: 'image', ...png },
        { field: 'name', value: 'x' },
      ],
      [{ field: 'name', value: 'x' }],
      [],
    ];
    for (const parts of cases) {
      expectError(await upload(admin, parts), 400, IMAGE_MESSAGES.oneFile);
    }
    expect(await imageCount(t)).toBe(0);
  });

  it('a JSON body, or a malformed multipart body (400)', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: bearer(admin.accessToken),
      payload: { image: TINY_PNG.toString('base64') },
    });
    expectError(json, 400, IMAGE_MESSAGES.oneFile);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...bearer(admin.accessToken), 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expectError(noBoundary, 400, IMAGE_MESSAGES.malformed);
    const cut = await multipartBody([{ field: 'image', bytes: TINY_PNG, filename: 'a.png' }]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...cut.headers, ...bearer(admin.accessToken) },
      payload: cut.payload.subarray(0, cut.payload.length - 20),
    });
    expectError(truncated, 400, IMAGE_MESSAGES.malformed);
    expect(await imageCount(t)).toBe(0);
  });

  it('anyone but an admin (401, 403)', async () => {
    const user = await signIn(t.app, 'images-user');
    const part: FormPart = { field: 'image', bytes: TINY_PNG, filename: 'a.png' };
    expectError(await upload(undefined, [part]), 401);
    expectError(await upload(user, [part]), 403);
    expect(await imageCount(t)).toBe(0);
  });
});

describe('uploaded images', () => {
  let t: TestApp;
  let admin: SignedIn;
  let upload: ReturnType<typeof uploader>;
  beforeAll(async () => {
    ({ t, admin } = await setUp('images'));
    upload = uploader(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function uploadOk(bytes: Buffer, filename: string, type?: string): Promise<string> {
    const res = await upload(admin, [{ field: 'image', bytes, filename, type }]);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = imageUploadedSchema.parse(res.json());
    expect(data.url).toMatch(/^\/api\/images\/[A-Za-z0-9-]+$/);
    // The Add Book form may send it as the book's image.
    expect(isBookImageUrl(data.url)).toBe(true);
    return data.url;
  }

  it('accepts a PNG named .txt and declared text/plain, and serves it as a PNG', async () => {
    const url = await uploadOk(TINY_PNG, 'notes.txt', 'text/plain');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
  ])('recognises a %s by its bytes', async (_label, bytes, type) => {
    const url = await uploadOk(bytes, 'upload.bin', 'application/octet-stream');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toBe(type);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts exactly 5 MB', async () => {
    const bytes = pngOfSize(IMAGE_LIMITS.maxBytes);
    const url = await uploadOk(bytes, 'big.png', 'image/png');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.rawPayload.length).toBe(IMAGE_LIMITS.maxBytes);
  });

  it('answers 304 to a client that has the image (If-None-Match), 200 otherwise', async () => {
    const url = await uploadOk(GIF, 'a.gif');
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': header } });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"x"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(GIF)).toBe(true);
  });

  it('gives the same bytes the same ETag, and other bytes another', async () => {
    const a = await t.app.inject({ method: 'GET', url: await uploadOk(JPEG, 'a.jpg') });
    const b = await t.app.inject({ method: 'GET', url: await uploadOk(JPEG, 'b.jpg') });
    const c = await t.app.inject({ method: 'GET', url: await uploadOk(GIF, 'c.gif') });
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(c.headers.etag).not.toBe(a.headers.etag);
  });

  it('answers 404 in the JSON error shape for an unknown image', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/images/no-such-image' });
    expectError(res, 404, IMAGE_MESSAGES.notFound);
    expect(res.headers['content-type']).toContain('application/json');
    expect(apiErrorSchema.parse(res.json()).error.code).toBe('not_found');
  });
});

describe('image upload rate limit', () => {
  it('allows each admin a few uploads a minute', async () => {
    const { t, admin } = await setUp('images-limit', { imageUploadPerAdmin: 2 });
    try {
      const upload = uploader(t);
      const part: FormPart = { field: 'image', bytes: TINY_PNG, filename: 'a.png' };
      expect((await upload(admin, [part])).statusCode).toBe(200);
      expect((await upload(admin, [part])).statusCode).toBe(200);
      const refused = await upload(admin, [part]);
      expectError(refused, 429);
      expect(await imageCount(t)).toBe(2);
    } finally {
      await t.close();
    }
  });
});
