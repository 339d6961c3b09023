import type { Review } from '@contract/courses';
import { errorMessageOr } from '@/lib/api/error-message';
import { useHideReviewMutation } from '../api/review-actions-api';

// An admin's moderation of a review (course-reviews.tsx loads it for admins only): audited on the
// server, the review leaves the page, the count and the average.

/** "Hide review by …", and why it failed if it did (on a line of its own in the review's row). */
export default function HideReview({ review }: { review: Review }) {
  const [hide, hiding] = useHideReviewMutation();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-xs rounded-lg"
        disabled={hiding.isLoading}
        onClick={() => void hide({ courseId: review.courseId, reviewId: review._id })}
      >
        Hide review by {review.authorName}
      </button>
      {hiding.isError && (
        <span role="alert" className="basis-full text-sm text-error">
          {errorMessageOr(hiding.error, 'The review could not be hidden.')}
        </span>
      )}
    </>
  );
}
