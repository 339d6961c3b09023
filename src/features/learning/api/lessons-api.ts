import type { Lesson } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { apiRoutes } from '@/lib/api/api-route';

const courseRoute = apiRoutes(() =>
  import('@contract/routes/courses').then((m) => m.COURSE_ROUTES),
);

export type LessonArgs = { courseId: string; lessonId: string };

/** A lesson's route params. */
export const lessonParams = ({ courseId, lessonId }: LessonArgs) => ({ id: courseId, lessonId });

/** One lesson with its content (docs/product.md §2.26): owners, admins, or anyone for a preview. */
export const lessonsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 403 "Buy the course to open this lesson" for anyone else; a quiz comes without answers. */
    /** `viewer` (the signed-in user's address) keys the cache only: another user asks again. */
    getLesson: build.query<Lesson, LessonArgs & { viewer: string }>({
      ...courseRoute(
        'GET /api/courses/:id/lessons/:lessonId',
        (lesson: LessonArgs & { viewer: string }) => ({ params: lessonParams(lesson) }),
      ),
    }),
  }),
});

export const { useGetLessonQuery } = lessonsApi;
