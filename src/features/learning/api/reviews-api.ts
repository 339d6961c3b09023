import type { ReviewPage } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

export type ReviewPageArgs = { courseId: string; page: number };

/**
 * A course's reviews (docs/product.md §2.25): paged, newest first, and the learner's own rating.
 * What an owner or an admin does to them is review-actions-api.ts, loaded with their controls.
 */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviews: build.query<ReviewPage, ReviewPageArgs>({
      ...courseRoute('GET /api/courses/:id/reviews', ({ courseId, page }: ReviewPageArgs) => ({
        params: { id: courseId },
        query: { page },
      })),
      providesTags: (_result, _error, { courseId }) => [{ type: 'CourseReviews', id: courseId }],
    }),
  }),
});

export const { useGetReviewsQuery } = reviewsApi;
