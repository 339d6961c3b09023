import type { Lesson } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';

export type LessonArgs = { courseId: string; lessonId: string };

export const lessonPath = ({ courseId, lessonId }: LessonArgs) =>
  `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;

/** One lesson with its content (docs/product.md §2.26): owners, admins, or anyone for a preview. */
export const lessonsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 403 "Buy the course to open this lesson" for anyone else; a quiz comes without answers. */
    /** `viewer` (the signed-in user's address) keys the cache only: another user asks again. */
    getLesson: build.query<Lesson, LessonArgs & { viewer: string }>({
      query: ({ courseId, lessonId }) => ({ url: lessonPath({ courseId, lessonId }) }),
      responseSchema: lazySchema(() => import('@contract/courses').then((m) => m.lessonSchema)),
    }),
  }),
});

export const { useGetLessonQuery } = lessonsApi;
