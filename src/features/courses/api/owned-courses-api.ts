import type { OwnedCourse } from '@contract/courses';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/courses').then((m) => m.COURSE_ROUTES));

/** The courses the signed-in user owns (docs/product.md §2.20): My Courses, and "Owned" on /courses. */
export const ownedCoursesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /courses/owned: newest purchase first. Skip it for visitors (the route needs a token). */
    getOwnedCourses: build.query<OwnedCourse[], void>({
      ...route('GET /api/courses/owned', () => ({})),
      // A card payment invalidates it (src/app/routes/payment-card.tsx).
      providesTags: ['OwnedCourses'],
    }),
  }),
});

export const { useGetOwnedCoursesQuery } = ownedCoursesApi;
