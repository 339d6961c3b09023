import { IMAGE_LIMITS } from '@contract/image-rules';
import { env } from '@/config/env';
import { ApiError, apiClient } from '@/lib/api-client';

// Where book covers are hosted (spec §7, DESIGN §4): imgbb when VITE_IMGBB_API_KEY is set,
// otherwise the product server's POST /api/images. Both answer imgbb's `{ success, data: { url } }`.

export const IMGBB_UPLOAD_URL = 'https://api.imgbb.com/1/upload';

const TYPE_NAMES = 'PNG, JPEG, WebP or GIF';
const MAX_MEGABYTES = IMAGE_LIMITS.maxBytes / (1024 * 1024);

/** Why a file cannot be a cover, checked before any upload (the host checks again); null if fine. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_LIMITS.types as readonly string[]).includes(file.type)) {
    return `Choose a ${TYPE_NAMES} image.`;
  }
  if (file.size > IMAGE_LIMITS.maxBytes) return `The image must be at most ${MAX_MEGABYTES} MB.`;
  return null;
}

/** An upload the host refused or did not confirm; the message says why, for a toast. */
export class ImageUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageUploadError';
  }
}

/** The hosted URL from imgbb's answer shape, or undefined unless it reports success. */
function hostedUrl(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { success, data } = answer as { success?: unknown; data?: unknown };
  if (success !== true || typeof data !== 'object' || data === null) return undefined;
  const { url } = data as { url?: unknown };
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** imgbb's error answer: `{ status_code, error: { message }, status_txt }`. */
function imgbbMessage(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { error } = answer as { error?: unknown };
  if (typeof error !== 'object' || error === null) return undefined;
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && message !== '' ? message : undefined;
}

async function uploadToImgbb(form: FormData, key: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${IMGBB_UPLOAD_URL}?key=${encodeURIComponent(key)}`, {
      method: 'POST',
      body: form,
    });
  } catch {
    throw new ImageUploadError('Could not reach the image host. Check your connection.');
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ImageUploadError(
      imgbbMessage(answer) ?? `The image host answered ${response.status}.`,
    );
  }
  return answer;
}

async function uploadToServer(form: FormData): Promise<unknown> {
  try {
    return await apiClient.post<unknown>('/images', form);
  } catch (error) {
    if (error instanceof ApiError) throw new ImageUploadError(error.message);
    throw error;
  }
}

/** Uploads a cover and answers its URL; throws ImageUploadError unless the host reports success. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append(IMAGE_LIMITS.field, file);
  const answer = env.imgbbApiKey
    ? await uploadToImgbb(form, env.imgbbApiKey)
    : await uploadToServer(form);
  const url = hostedUrl(answer);
  if (!url) throw new ImageUploadError('The image host did not confirm the upload.');
  return url;
}
