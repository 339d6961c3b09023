import { courseRatingLabel } from '@contract/course-rules';
import type { Course } from '../types';

const STARS = [1, 2, 3, 4, 5];

/** Five stars filled to the average (to the nearest half) and "4.5 (12)"; nothing before a rating. */
export function CourseRating({ rating }: { rating: Course['rating'] }) {
  if (!rating) return null;
  const halves = Math.round(rating.average * 2);
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <span aria-hidden="true" className="flex text-amber-500">
        {STARS.map((star) => (
          <span key={star} className="relative inline-block w-[1em] text-base-content/25">
            ★
            {halves >= star * 2 - 1 && (
              <span
                className={`absolute inset-y-0 left-0 overflow-hidden text-amber-500 ${halves >= star * 2 ? 'w-full' : 'w-1/2'}`}
              >
                ★
              </span>
            )}
          </span>
        ))}
      </span>
      <span className="sr-only">
        Rated {rating.average.toFixed(1)} out of 5 by {rating.count}{' '}
        {rating.count === 1 ? 'learner' : 'learners'}:
      </span>
      <span className="font-medium tabular-nums">{courseRatingLabel(rating)}</span>
    </p>
  );
}
