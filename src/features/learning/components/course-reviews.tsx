import { lazy, Suspense, useState } from 'react';
import type { CourseDetail, Review } from '@contract/courses';
import { errorMessageOr } from '@/lib/api/error-message';
import { useAuth } from '@/lib/auth';
import { useGetReviewsQuery } from '../api/reviews-api';
import { CourseRating, Stars } from './star-rating';

// Only an owner rates: the form and the progress it waits for load for them, never with a
// visitor's page (docs/decisions.md D104). A snapshot is a visitor's page, so hydration never
// waits for it.
const OwnerRating = lazy(() => import('./owner-rating'));
// Likewise an admin's moderation.
const HideReview = lazy(() => import('./hide-review'));

function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

function ReviewItem({ review }: { review: Review }) {
  const { isAdmin } = useAuth();
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
          <Suspense fallback={null}>
            <HideReview review={review} />
          </Suspense>
        )}
      </p>
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
      {owned && (
        <Suspense fallback={null}>
          <OwnerRating courseId={course._id} />
        </Suspense>
      )}
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
