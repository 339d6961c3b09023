import type { Review, ReviewPage } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

export type ReviewPageArgs = { courseId: string; page: number };

/** A course's reviews (docs/product.md §2.25): paged, newest first, and the learner's own rating. */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviews: build.query<ReviewPage, ReviewPageArgs>({
      ...courseRoute('GET /api/courses/:id/reviews', ({ courseId, page }: ReviewPageArgs) => ({
        params: { id: courseId },
        query: { page },
      })),
      providesTags: (_result, _error, { courseId }) => [{ type: 'CourseReviews', id: courseId }],
    }),
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

export const { useGetReviewsQuery, useSaveReviewMutation, useHideReviewMutation } = reviewsApi;
