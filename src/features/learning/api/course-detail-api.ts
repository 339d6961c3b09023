import type { CourseDetail } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

/** A course's page and the player's outline (docs/product.md §2.25): never a lesson's content. */
export const courseDetailApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /courses/{id}: 404 for an unknown (or unpublished) course. */
    getCourse: build.query<CourseDetail, string>({
      query: (id) => ({ url: `/courses/${encodeURIComponent(id)}` }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.courseDetailSchema),
      ),
      // A review changes the rating it shows.
      providesTags: (_result, _error, id) => [{ type: 'Course', id }],
    }),
  }),
});

export const { useGetCourseQuery } = courseDetailApi;
