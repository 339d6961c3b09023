import { useState } from 'react';
import { parseVideoUrl } from '@contract/course-video';
import { PlayIcon } from '@/components/icons/play-icon';

/**
 * A video lesson's player behind a click-to-load facade (docs/product.md §2.26): until the learner
 * presses play, the page holds a plain poster drawn here, so nothing is fetched from YouTube or
 * Vimeo (no thumbnail, no script, no cookie). The press puts the embed (or our MP4) in the same
 * 16:9 box, playing, so nothing moves.
 */
export function VideoFacade({ url, title }: { url: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  const source = parseVideoUrl(url);

  if (!source) {
    return (
      <p role="alert" className="rounded-2xl bg-base-200 p-6 text-center">
        This video cannot be played.
      </p>
    );
  }

  return (
    <div className="aspect-video w-full overflow-hidden rounded-2xl bg-neutral">
      {!playing ? (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          aria-label={`Play video: ${title}`}
          className="group flex h-full w-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-slate-800 to-indigo-900 p-4 text-white focus-visible:outline focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-300"
        >
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-indigo-900 shadow-lg transition group-hover:scale-110 sm:h-20 sm:w-20">
            <PlayIcon className="ml-1 h-8 w-8 sm:h-10 sm:w-10" fill="currentColor" />
          </span>
          <span className="max-w-md text-center text-base font-semibold sm:text-lg">
            Play video: {title}
          </span>
          <span className="text-sm text-white/85">
            {source.provider === 'mp4'
              ? 'Plays from LearnTogether'
              : `Loads the player from ${source.provider === 'youtube' ? 'YouTube' : 'Vimeo'} when you press play`}
          </span>
        </button>
      ) : source.provider === 'mp4' ? (
        <video controls autoPlay src={source.src} className="h-full w-full" aria-label={title} />
      ) : (
        <iframe
          src={source.embedUrl}
          title={title}
          allow="autoplay; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="h-full w-full border-0"
        />
      )}
    </div>
  );
}
