import type { CourseDetail } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

/** A course's page and the player's outline (docs/product.md §2.25): never a lesson's content. */
export const courseDetailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /courses/{id}: 404 for an unknown (or unpublished) course. */
    getCourse: build.query<CourseDetail, string>({
      ...courseRoute('GET /api/courses/:id', (id: string) => ({ params: { id } })),
      // A review changes the rating it shows.
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useGetCourseQuery } = courseDetailApi;
