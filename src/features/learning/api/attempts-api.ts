import type { QuizAttemptResult } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { lessonPath, type LessonArgs } from './lessons-api';

/** A quiz's attempts (docs/product.md §2.26): graded on the server; a pass completes the lesson. */
export const attemptsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitQuiz: build.mutation<QuizAttemptResult, LessonArgs & { answers: number[][] }>({
      query: ({ answers, ...lesson }) => ({
        url: `${lessonPath(lesson)}/attempts`,
        method: 'POST',
        body: { answers },
      }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.quizAttemptResultSchema),
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
