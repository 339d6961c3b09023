type Props = {
  /** The course's picture; null shows the frame alone. */
  src: string | null;
  /** Empty where the course's name is said beside the picture. */
  alt?: string;
  /**
   * `high` for the page's largest paint (a course's own page), fetched before anything else it
   * shows; `lazy` for a list's pictures, fetched as they near the screen.
   */
  fetch?: 'high' | 'lazy';
  /** Classes added to the picture itself (a card's zoom on hover). */
  imageClassName?: string;
};

/**
 * A course's picture in its 16:9 frame, with its size in the markup so nothing moves when it
 * arrives: the course cards, My Courses and the course page.
 */
export function CoursePicture({ src, alt = '', fetch = 'lazy', imageClassName = '' }: Props) {
  return (
    <div className="aspect-video overflow-hidden bg-base-200">
      {src !== null && (
        <img
          src={src}
          alt={alt}
          width={640}
          height={360}
          {...(fetch === 'high'
            ? ({ fetchPriority: 'high' } as const)
            : ({ loading: 'lazy' } as const))}
          className={`h-full w-full object-cover ${imageClassName}`.trimEnd()}
        />
      )}
    </div>
  );
}
