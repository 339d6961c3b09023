import { z } from 'zod';
import { IMAGE_LIMITS } from '@contract/image-rules';
import { imageUploadedSchema } from '@contract/images';
import { env } from '@/config/env';
import { routeRequest } from '@/lib/api/api-route';
import { baseApi, type ApiQueryError } from '@/lib/api/base-api';

// Where book covers are hosted (docs/product.md §7, DESIGN §4): imgbb when VITE_IMGBB_API_KEY is set,
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

const refused = (status: number, message: string) => ({
  error: { status, code: 'image_host', message },
});

/** imgbb's error answer (a third party's shape, not the contract's): `{ error: { message } }`. */
const imgbbErrorSchema = z.object({ error: z.object({ message: z.string().min(1) }) });

function imgbbMessage(answer: unknown, status: number): string {
  const parsed = imgbbErrorSchema.safeParse(answer);
  return parsed.success ? parsed.data.error.message : `The image host answered ${status}.`;
}

async function uploadToImgbb(
  form: FormData,
  key: string,
): Promise<{ data?: unknown; error?: ApiQueryError }> {
  let response: Response;
  try {
    response = await fetch(`${IMGBB_UPLOAD_URL}?key=${encodeURIComponent(key)}`, {
      method: 'POST',
      body: form,
    });
  } catch {
    return refused(0, 'Could not reach the image host. Check your connection.');
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return refused(response.status, imgbbMessage(answer, response.status));
  return { data: answer };
}

export const imagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Uploads a cover and answers its URL; an error unless the host reports success. */
    uploadImage: build.mutation<string, File>({
      async queryFn(file, _api, _extra, baseQuery) {
        const form = new FormData();
        form.append(IMAGE_LIMITS.field, file);
        const answer = env.imgbbApiKey
          ? await uploadToImgbb(form, env.imgbbApiKey)
          : await baseQuery({ ...routeRequest('POST /api/images'), body: form });
        if (answer.error) return { error: answer.error };
        const uploaded = imageUploadedSchema.safeParse(answer.data);
        if (!uploaded.success || uploaded.data.data.url === '') {
          // The same words whichever host answered.
          return refused(0, 'The image host did not confirm the upload.');
        }
        return { data: uploaded.data.data.url };
      },
    }),
  }),
});

export const { useUploadImageMutation } = imagesApi;
