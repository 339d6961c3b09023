import { useId, useState, type FormEvent } from 'react';
import { COURSE_LIMITS, COURSE_MESSAGES } from '@contract/course-rules';
import type { Review } from '@contract/courses';
import { StarIcon } from '@/components/icons/star-icon';
import { errorMessageOr } from '@/lib/api/error-message';
import { useGetProgressQuery } from '../api/progress-api';
import { useSaveReviewMutation } from '../api/review-actions-api';
import { useGetReviewsQuery } from '../api/reviews-api';

// The owner's part of a course page's reviews (course-reviews.tsx loads it for owners only).

/** The owner's own rating: a radio group of stars, optional text with a counter, and Save. */
function RateCourseForm({ courseId, mine }: { courseId: string; mine: Review | undefined }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? '');
  const [missing, setMissing] = useState(false);
  const [save, { isLoading, isSuccess, error, reset }] = useSaveReviewMutation();
  const textId = useId();
  const counterId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setMissing(true);
      return;
    }
    void save({ courseId, rating, text });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="rate-course"
      className="mt-4 rounded-2xl bg-base-100 p-5 ring-1 ring-base-200"
    >
      <h3 id="rate-course" className="text-lg font-semibold">
        {mine ? 'Edit your rating' : 'Rate this course'}
      </h3>
      <fieldset className="mt-3" aria-describedby={missing ? 'rating-missing' : undefined}>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded p-1 text-amber-500 focus-within:outline focus-within:outline-2 focus-within:outline-primary"
            >
              <input
                type="radio"
                name="rating"
                value={star}
                checked={rating === star}
                onChange={() => {
                  setRating(star);
                  setMissing(false);
                  reset();
                }}
                className="sr-only"
              />
              <StarIcon filled={rating >= star} className="h-7 w-7" />
              <span className="sr-only">
                {star} {star === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {missing && (
          <p id="rating-missing" role="alert" className="mt-1 text-sm text-error">
            Choose from 1 to 5 stars
          </p>
        )}
      </fieldset>
      <label htmlFor={textId} className="mt-4 block text-sm font-medium">
        Your review (optional)
      </label>
      <textarea
        id={textId}
        value={text}
        maxLength={COURSE_LIMITS.reviewMaxLength}
        aria-describedby={counterId}
        onChange={(event) => {
          setText(event.target.value);
          reset();
        }}
        rows={4}
        className="textarea textarea-bordered mt-1 w-full"
      />
      <p id={counterId} className="text-right text-sm text-base-content/70">
        {text.length} / {COURSE_LIMITS.reviewMaxLength} characters
      </p>
      {error !== undefined && (
        <p role="alert" className="mt-2 text-sm text-error">
          {errorMessageOr(error, 'Your review could not be saved. Please try again.')}
        </p>
      )}
      <div className="mt-3 flex items-center gap-3">
        <button
          type="submit"
          className="btn btn-primary rounded-xl normal-case"
          disabled={isLoading}
        >
          Save
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {isSuccess ? 'Your review was saved.' : ''}
        </p>
      </div>
    </form>
  );
}

/** Whether the owner may rate yet (a completed lesson), then the form with their own review. */
export default function OwnerRating({ courseId }: { courseId: string }) {
  const progress = useGetProgressQuery(courseId);
  const first = useGetReviewsQuery({ courseId, page: 1 });
  if (!progress.data || !first.data) return null;
  if (progress.data.completed.length === 0) {
    return <p className="mt-4 text-base-content/80">{COURSE_MESSAGES.reviewNeedsProgress}</p>;
  }
  const mine = first.data.reviews.find((review) => review.mine);
  // Filled once, from the review as the form first loads; a save keeps what the learner typed.
  return <RateCourseForm courseId={courseId} mine={mine} />;
}
