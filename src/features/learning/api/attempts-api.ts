import type { QuizAttemptResult } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';
import { lessonParams, type LessonArgs } from './lessons-api';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

/** A quiz's attempts (docs/product.md §2.26): graded on the server; a pass completes the lesson. */
export const attemptsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitQuiz: build.mutation<QuizAttemptResult, LessonArgs & { answers: number[][] }>({
      ...courseRoute(
        'POST /api/courses/:id/lessons/:lessonId/attempts',
        ({ answers, ...lesson }: LessonArgs & { answers: number[][] }) => ({
          params: lessonParams(lesson),
          body: { answers },
        }),
      ),
      // A pass ticks the lesson: the progress, My Courses and the rating form read it again.
      invalidatesTags: (result, _error, { courseId }) =>
        result?.passed
          ? [{ type: 'CourseProgress', id: courseId }, 'OwnedCourses', 'CourseReviews']
          : [],
    }),
  }),
});

export const { useSubmitQuizMutation } = attemptsApi;
