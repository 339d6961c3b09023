// Zod-free, so the web app may import these as values (the Add Book form checks them first).

/** POST /images: the multipart field, the largest file and the types (recognised by their bytes). */
export const IMAGE_LIMITS = {
  field: 'image',
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;

/** The largest upload body: the largest image and room for its multipart framing. */
export const MAX_UPLOAD_BODY_BYTES = IMAGE_LIMITS.maxBytes + 64 * 1024;

/** Where the server serves a stored image. */
export const imageUrl = (id: string) => `/api/images/${id}`;

type ImageType = (typeof IMAGE_LIMITS.types)[number];

export const IMAGE_MESSAGES = {
  notFound: 'No such image.',
  notAnImage: 'The file is not a PNG, JPEG, WebP or GIF image.',
  tooLarge: `The image is larger than ${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  oneFile: `Send one file, in the multipart field "${IMAGE_LIMITS.field}".`,
  malformed: 'Malformed multipart body.',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type the bytes are (their magic numbers), whatever the name or declared type say:
 * the rule the server and the web tests' image hosts both apply.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** A PNG's size from its IHDR chunk (the first, by the PNG spec); undefined if not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !startsWith(bytes, PNG_SIGNATURE)) return undefined;
  if (!startsWith(bytes, ascii('IHDR'), 12)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}
