import type { CourseProgress } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { lessonPath, type LessonArgs } from './lessons-api';

/** A learner's progress in a course (docs/product.md §2.26): the ticks, the percent, the certificate. */
export const progressApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /courses/{id}/progress (owners only). */
    getProgress: build.query<CourseProgress, string>({
      query: (courseId) => ({ url: `/courses/${encodeURIComponent(courseId)}/progress` }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.courseProgressSchema),
      ),
      providesTags: (_result, _error, courseId) => [{ type: 'CourseProgress', id: courseId }],
    }),
    /** PUT …/progress `{ completed }`: reading and video lessons (a quiz completes by passing). */
    setLessonComplete: build.mutation<CourseProgress, LessonArgs & { completed: boolean }>({
      query: ({ completed, ...lesson }) => ({
        url: `${lessonPath(lesson)}/progress`,
        method: 'PUT',
        body: { completed },
      }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.courseProgressSchema),
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
