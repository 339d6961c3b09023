import { CANVAS_HEIGHT, CANVAS_WIDTH } from './canvas-geometry';

export const DOWNLOAD_FILE_NAME = 'image.png';

/**
 * Renders the board onto a 700×500 white canvas and returns it as a PNG data URL. The board's
 * backing store is larger on high-DPI screens; the file must not be. Null when canvas is unavailable.
 */
export function exportPng(board: HTMLCanvasElement): string | null {
  try {
    const out = exportCanvas(board);
    if (!out) return null;
    const url: unknown = out.toDataURL('image/png');
    return typeof url === 'string' && url.startsWith('data:') ? url : null;
  } catch {
    return null;
  }
}

/** The same picture as a PNG file's bytes (what "Share to a room" uploads); null if unavailable. */
export async function exportPngBlob(board: HTMLCanvasElement): Promise<Blob | null> {
  try {
    const out = exportCanvas(board);
    if (!out) return null;
    return await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
  } catch {
    return null;
  }
}

/** A 700×500 white canvas with the board drawn onto it at that size. */
function exportCanvas(board: HTMLCanvasElement): HTMLCanvasElement | null {
  const out = board.ownerDocument.createElement('canvas');
  out.width = CANVAS_WIDTH;
  out.height = CANVAS_HEIGHT;
  const ctx = out.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.drawImage(board, 0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  return out;
}

/** Saves a data URL as a file through a temporary download link. */
export function downloadDataUrl(url: string, fileName: string, doc: Document = document): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  doc.body.append(link);
  link.click();
  link.remove();
}
