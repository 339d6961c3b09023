import type { ChatImage as ChatImageData } from '@contract/chat';

type Props = {
  image: ChatImageData;
  /** Who shared it: the picture's text alternative names them. */
  author: string;
  /** Tailwind width of the thumbnail (its height follows the picture's own proportions). */
  className?: string;
};

/**
 * A drawing shared into a chat room (docs/product.md §2.9): a thumbnail that opens the picture
 * full size in a new tab. Its size is known from the message, so it reserves its room before the
 * picture loads (no layout shift).
 */
export function ChatImage({ image, author, className = 'w-60' }: Props) {
  return (
    <a
      href={image.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open the drawing by ${author} full size`}
      title="Open full size"
      className="block max-w-full"
    >
      <img
        src={image.url}
        width={image.width}
        height={image.height}
        alt={`Drawing by ${author}`}
        loading="lazy"
        decoding="async"
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        className={`block h-auto max-w-full rounded-lg bg-white ${className}`}
      />
    </a>
  );
}
