import { File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';

// jsdom's File and FormData reach Node's fetch without their bytes, and reading such a body can
// hang (jsdom/jsdom#3800): upload tests send Node's own, as a browser sends its own.

/** Call at the top of a test file that uploads: FormData becomes Node's for that file. */
export async function sendNodeFormData(): Promise<void> {
  const form = await new Response(new URLSearchParams()).formData();
  vi.stubGlobal('FormData', form.constructor);
}

/** A file as the file picker hands it over (Node's File, typed as the DOM's). */
export function pickedFile(parts: (Uint8Array | string)[], name: string, type: string): File {
  return new NodeFile(parts, name, { type }) as unknown as File;
}

/** A 1×1 PNG: the fakes, like the server, recognise an image by its bytes. */
export const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
