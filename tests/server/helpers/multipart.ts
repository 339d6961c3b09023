/** A part of a multipart/form-data body: a file, or a plain text field. */
export type FormPart =
  | { field: string; bytes: Uint8Array; filename: string; type?: string }
  | { field: string; value: string };

/** A multipart/form-data body as a browser's FormData sends it, ready for `app.inject`. */
export async function multipartBody(
  parts: readonly FormPart[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) {
      form.append(part.field, part.value);
    } else {
      const blob = new Blob([Uint8Array.from(part.bytes)], { type: part.type ?? '' });
      form.append(part.field, blob, part.filename);
    }
  }
  // Response encodes FormData exactly as fetch would send it, boundary included.
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
