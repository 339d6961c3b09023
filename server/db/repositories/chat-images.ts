import type { ChatImage } from '../../../contract/chat';
import { imageUrl } from '../../../contract/image-rules';

/**
 * The image a chat message carries (a shared drawing, migration 015), read the same way by the
 * chat's pages and by moderation (which keeps a reported message's image in its report).
 */
export const IMAGE_COLUMNS = 'image_id, image_width, image_height';

export type ImageColumns = {
  image_id: string | null;
  image_width: number | null;
  image_height: number | null;
};

export function imageOf(row: ImageColumns): ChatImage | null {
  if (row.image_id === null || row.image_width === null || row.image_height === null) return null;
  return { url: imageUrl(row.image_id), width: row.image_width, height: row.image_height };
}
