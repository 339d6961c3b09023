import { useId, useState, type FormEvent } from 'react';
import { COURSE_LIMITS, COURSE_MESSAGES } from '@contract/course-rules';
import type { CourseDetail, Review } from '@contract/courses';
import { StarIcon } from '@/components/icons';
import { errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { useGetProgressQuery } from '../api/progress-api';
import {
  useGetReviewsQuery,
  useHideReviewMutation,
  useSaveReviewMutation,
} from '../api/reviews-api';
import { CourseRating, Stars } from './star-rating';

function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

function ReviewItem({ review }: { review: Review }) {
  const { isAdmin } = useAuth();
  const [hide, hiding] = useHideReviewMutation();
  return (
    <li className="py-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{review.authorName}</span>
        <span className="inline-flex items-center gap-1">
          <Stars value={review.rating} className="h-4 w-4" />
          <span className="sr-only">
            {review.rating} {review.rating === 1 ? 'star' : 'stars'}
          </span>
        </span>
        <time dateTime={review.updatedAt} className="text-sm text-base-content/70">
          {reviewDate(review.updatedAt)}
        </time>
        {review.mine && <span className="badge badge-ghost">Your review</span>}
        {isAdmin === true && (
          // Moderation (audited on the server): the review leaves the page, the count and the average.
          <button
            type="button"
            className="btn btn-ghost btn-xs rounded-lg"
            disabled={hiding.isLoading}
            onClick={() => void hide({ courseId: review.courseId, reviewId: review._id })}
          >
            Hide review by {review.authorName}
          </button>
        )}
      </p>
      {hiding.isError && (
        <p role="alert" className="text-sm text-error">
          {errorMessageOr(hiding.error, 'The review could not be hidden.')}
        </p>
      )}
      {review.text && (
        <p className="mt-1 whitespace-pre-line leading-relaxed text-base-content/85">
          {review.text}
        </p>
      )}
    </li>
  );
}

/** One page of reviews; "Show more" below the last page loaded asks for the next. */
function ReviewPageItems({
  courseId,
  page,
  isLast,
  onMore,
}: {
  courseId: string;
  page: number;
  isLast: boolean;
  onMore: () => void;
}) {
  const { data, isLoading, isError, error, refetch } = useGetReviewsQuery({ courseId, page });
  if (isLoading) {
    return (
      <li className="py-4 text-sm text-base-content/70">
        <span role="status">Loading reviews…</span>
      </li>
    );
  }
  if (isError || !data) {
    return (
      <li className="py-4 text-sm">
        <span role="alert">{errorMessageOr(error, 'The reviews could not be loaded.')}</span>{' '}
        <button type="button" className="link" onClick={() => void refetch()}>
          Try again
        </button>
      </li>
    );
  }
  return (
    <>
      {page === 1 && data.total === 0 && (
        <li className="py-4 text-base-content/75">No reviews yet.</li>
      )}
      {data.reviews.map((review) => (
        <ReviewItem key={review._id} review={review} />
      ))}
      {isLast && page < data.pages && (
        <li className="pt-4">
          <button type="button" className="btn btn-outline btn-sm rounded-lg" onClick={onMore}>
            Show more reviews
          </button>
        </li>
      )}
    </>
  );
}

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
function OwnerRating({ courseId }: { courseId: string }) {
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

/** The course page's reviews (docs/product.md §2.25): the rating, the owner's form, the list. */
export function CourseReviews({ course, owned }: { course: CourseDetail; owned: boolean }) {
  const [pages, setPages] = useState(1);
  return (
    <section aria-labelledby="course-reviews" className="mt-10">
      <h2 id="course-reviews" className="text-xl font-bold tracking-tight">
        Reviews
      </h2>
      <div className="mt-1">
        <CourseRating rating={course.rating} />
      </div>
      {owned && <OwnerRating courseId={course._id} />}
      <ul aria-label="Reviews" className="mt-2 divide-y divide-base-200">
        {Array.from({ length: pages }, (_, index) => (
          <ReviewPageItems
            key={index + 1}
            courseId={course._id}
            page={index + 1}
            isLast={index + 1 === pages}
            onMore={() => setPages((count) => count + 1)}
          />
        ))}
      </ul>
    </section>
  );
}
