import type { Review, ReviewPage } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

export type ReviewPageArgs = { courseId: string; page: number };

/** A course's reviews (docs/product.md §2.25): paged, newest first, and the learner's own rating. */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviews: build.query<ReviewPage, ReviewPageArgs>({
      query: ({ courseId, page }) => ({
        url: `/courses/${encodeURIComponent(courseId)}/reviews`,
        query: { page },
      }),
      responseSchema: lazySchema(() => import('@contract/courses').then((m) => m.reviewPageSchema)),
      providesTags: (_result, _error, { courseId }) => [{ type: 'CourseReviews', id: courseId }],
    }),
    /** POST …/reviews: one per learner, so saving again edits it (201 new, 200 edited). */
    saveReview: build.mutation<Review, { courseId: string; rating: number; text: string }>({
      query: ({ courseId, rating, text }) => ({
        url: `/courses/${encodeURIComponent(courseId)}/reviews`,
        method: 'POST',
        body: { rating, text },
      }),
      responseSchema: lazySchema(() => import('@contract/courses').then((m) => m.reviewSchema)),
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
      query: ({ reviewId }) => ({
        url: `/admin/course-reviews/${encodeURIComponent(reviewId)}`,
        method: 'PATCH',
        body: { hidden: true },
      }),
      responseSchema: lazySchema(() => import('@contract/courses').then((m) => m.reviewSchema)),
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

export const { useGetReviewsQuery, useSaveReviewMutation, useHideReviewMutation } = reviewsApi;
