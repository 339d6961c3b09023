type Props = {
  /** The course's picture; null shows the frame alone. */
  src: string | null;
  /** Empty where the course's name is said beside the picture. */
  alt?: string;
  /**
   * The page's largest paint (a course's own page): fetched before anything else it shows. A
   * list's pictures are fetched as they near the screen.
   */
  largestPaint?: boolean;
  /** Classes added to the picture itself (a card's zoom on hover). */
  imageClassName?: string;
};

/**
 * A course's picture in its 16:9 frame, with its size in the markup so nothing moves when it
 * arrives: the course cards, My Courses and the course page.
 */
export function CoursePicture({ src, alt = '', largestPaint = false, imageClassName = '' }: Props) {
  return (
    <div className="aspect-video overflow-hidden bg-base-200">
      {src !== null && (
        <img
          src={src}
          alt={alt}
          width={640}
          height={360}
          {...(largestPaint
            ? ({ fetchPriority: 'high' } as const)
            : ({ loading: 'lazy' } as const))}
          className={`h-full w-full object-cover ${imageClassName}`.trimEnd()}
        />
      )}
    </div>
  );
}
