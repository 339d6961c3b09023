// Zod-free, so /drawing's first screen carries no zod (its query schema is in contract/chat.ts).
import { IMAGE_LIMITS, pngSize } from './image-rules';

/**
 * POST /chat/rooms/{room}/drawings (issue 17 §1, docs/product.md §2.9): a drawing from /drawing,
 * posted into a room's chat as an image message. One PNG in the multipart field `image`; its
 * size is read from the PNG itself. The canvas is 700×500, exported at up to 4× the screen's
 * pixel ratio.
 */
export const DRAWING_SHARE_LIMITS = {
  field: IMAGE_LIMITS.field,
  maxBytes: IMAGE_LIMITS.maxBytes,
  maxWidth: 2800,
  maxHeight: 2000,
} as const;

export const DRAWING_SHARE_MESSAGES = {
  notPng: 'The drawing is not a PNG image.',
  tooBig: `The drawing is larger than ${DRAWING_SHARE_LIMITS.maxWidth}×${DRAWING_SHARE_LIMITS.maxHeight} pixels.`,
  /** The web app's own: the canvas could not be exported. */
  exportFailed: 'Your browser could not export the drawing.',
} as const;

/**
 * The rule for a shared drawing's bytes (the server and the web tests' fake both call it): a
 * PNG within the size limits, and its size, or the error it is answered with.
 */
export function checkDrawing(
  bytes: Uint8Array,
): { ok: true; width: number; height: number } | { ok: false; error: string } {
  const size = pngSize(bytes);
  if (!size) return { ok: false, error: DRAWING_SHARE_MESSAGES.notPng };
  if (size.width > DRAWING_SHARE_LIMITS.maxWidth || size.height > DRAWING_SHARE_LIMITS.maxHeight) {
    return { ok: false, error: DRAWING_SHARE_MESSAGES.tooBig };
  }
  return { ok: true, ...size };
}
