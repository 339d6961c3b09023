import type { CourseDetail } from '@contract/courses';
import { StarIcon } from '@/components/icons/star-icon';

/** Five stars, filled up to `value` (rounded to the nearest half shown as a full star). */
export function Stars({ value, className = 'h-5 w-5' }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={value >= star - 0.25} className={className} />
      ))}
    </span>
  );
}

/** "4.5 (12 ratings)", or "No ratings yet": the course page's and a card's rating. */
function ratingText(rating: CourseDetail['rating']): string {
  if (!rating) return 'No ratings yet';
  const count = `${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'}`;
  return `${rating.average.toFixed(1)} (${count})`;
}

export function CourseRating({ rating }: { rating: CourseDetail['rating'] }) {
  return (
    <p className="flex items-center gap-2">
      {rating && <Stars value={rating.average} />}
      <span className="text-sm font-medium text-base-content/80">
        {rating && <span className="sr-only">Rated </span>}
        {ratingText(rating)}
      </span>
    </p>
  );
}
