import type { OwnedCourse } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/** The courses the signed-in user owns (docs/product.md §2.20): My Courses, and "Owned" on /courses. */
export const ownedCoursesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /courses/owned: newest purchase first. Skip it for visitors (the route needs a token). */
    getOwnedCourses: build.query<OwnedCourse[], void>({
      query: () => ({ url: '/courses/owned' }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.ownedCourseListSchema),
      ),
      // A card payment invalidates it (src/app/routes/payment-card.tsx).
      providesTags: ['OwnedCourses'],
    }),
  }),
});

export const { useGetOwnedCoursesQuery } = ownedCoursesApi;
