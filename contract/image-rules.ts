// Zod-free, so the web app may import these as values (the Add Book form checks them first).

/** POST /images: the multipart field, the largest file and the types (recognised by their bytes). */
export const IMAGE_LIMITS = {
  field: 'image',
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
} as const;
