// Zod-free, so the web app may import these as values. Which links a video lesson may play
// (docs/product.md §2.21–2.25): the course builder checks them, the player frames them and the
// server's CSP names their hosts. Apart from course-rules.ts, which the shop's course pages
// import: they play no video (docs/decisions.md D106).

/** Where a lesson's video plays: a privacy-enhanced YouTube embed, Vimeo's player, or our MP4. */
export type VideoSource =
  | { provider: 'youtube'; id: string; embedUrl: string }
  | { provider: 'vimeo'; id: string; embedUrl: string }
  | { provider: 'mp4'; src: string };

/** The hosts a video may be framed from: the CSP's frame-src names exactly these. */
export const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * A video URL the player can show, or null: YouTube (youtube.com/watch?v=, youtu.be/,
 * youtube.com/embed/), Vimeo (vimeo.com/<number>), or an MP4 served by the shop itself
 * (`/media/….mp4`, so the CSP's media-src stays 'self').
 */
export function parseVideoUrl(value: string): VideoSource | null {
  const text = value.trim();
  if (/^\/media\/[\w./-]+\.mp4$/.test(text) && !text.includes('..')) {
    return { provider: 'mp4', src: text };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    youtubeId =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : (/^\/embed\/([^/]+)$/.exec(url.pathname)?.[1] ?? null);
  } else if (host === 'youtu.be') {
    youtubeId = url.pathname.slice(1);
  }
  if (youtubeId !== null) {
    return /^[\w-]{11}$/.test(youtubeId)
      ? {
          provider: 'youtube',
          id: youtubeId,
          embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1`,
        }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d{6,12})$/.exec(url.pathname)?.[1];
    return id
      ? { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1` }
      : null;
  }
  return null;
}
