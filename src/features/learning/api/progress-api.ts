import type { CourseProgress } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';
import { lessonParams, type LessonArgs } from './lessons-api';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

/** A learner's progress in a course (docs/product.md §2.26): the ticks, the percent, the certificate. */
export const progressApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /courses/{id}/progress (owners only). */
    getProgress: build.query<CourseProgress, string>({
      ...courseRoute('GET /api/courses/:id/progress', (courseId: string) => ({
        params: { id: courseId },
      })),
      providesTags: (_result, _error, courseId) => [{ type: 'CourseProgress', id: courseId }],
    }),
    /** PUT …/progress `{ completed }`: reading and video lessons (a quiz completes by passing). */
    setLessonComplete: build.mutation<CourseProgress, LessonArgs & { completed: boolean }>({
      ...courseRoute(
        'PUT /api/courses/:id/lessons/:lessonId/progress',
        ({ completed, ...lesson }: LessonArgs & { completed: boolean }) => ({
          params: lessonParams(lesson),
          body: { completed },
        }),
      ),
      // The answer is the new progress: the outline's tick and percent change at once.
      async onQueryStarted({ courseId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(progressApi.util.upsertQueryData('getProgress', courseId, data));
        } catch {
          // The screen shows the failure.
        }
      },
      // My Courses' percent and Continue; the rating form once a first lesson is complete.
      invalidatesTags: (_result, error) => (error ? [] : ['OwnedCourses', 'CourseReviews']),
    }),
  }),
});

export const { useGetProgressQuery, useSetLessonCompleteMutation } = progressApi;
