import type { Review } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

/**
 * What is done to a course's reviews: an owner's rating (owner-rating.tsx) and an admin's
 * moderation (hide-review.tsx). Apart from reviews-api.ts, as both load only for those users,
 * never with a visitor's course page (docs/decisions.md D107).
 */
export const reviewActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST …/reviews: one per learner, so saving again edits it (201 new, 200 edited). */
    saveReview: build.mutation<Review, { courseId: string; rating: number; text: string }>({
      ...courseRoute(
        'POST /api/courses/:id/reviews',
        ({ courseId, rating, text }: { courseId: string; rating: number; text: string }) => ({
          params: { id: courseId },
          body: { rating, text },
        }),
      ),
      invalidatesTags: (_result, error, { courseId }) =>
        error
          ? []
          : [
              { type: 'CourseReviews', id: courseId },
              { type: 'Course', id: courseId },
            ],
    }),
    /** PATCH /admin/course-reviews/:id (admins, audited): a hidden review leaves the page. */
    hideReview: build.mutation<Review, { courseId: string; reviewId: string }>({
      ...courseRoute(
        'PATCH /api/admin/course-reviews/:id',
        ({ reviewId }: { courseId: string; reviewId: string }) => ({
          params: { id: reviewId },
          body: { hidden: true },
        }),
      ),
      invalidatesTags: (_result, error, { courseId }) =>
        error
          ? []
          : [
              { type: 'CourseReviews', id: courseId },
              { type: 'Course', id: courseId },
            ],
    }),
  }),
});

export const { useSaveReviewMutation, useHideReviewMutation } = reviewActionsApi;
