import { z } from 'zod';
import { textSchema } from './text';

export { IMAGE_LIMITS } from './image-rules';

/** POST /images: imgbb's answer shape (the fields the web app reads). */
export const imageUploadedSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});

/** GET /images/{id} */
export const imageParamsSchema = z.object({
  id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(64),
});
