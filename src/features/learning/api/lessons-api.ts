import { lessonSchema, type Lesson } from '@contract/courses';
import { baseApi } from '@/lib/api/base-api';

export type LessonArgs = { courseId: string; lessonId: string };

export const lessonPath = ({ courseId, lessonId }: LessonArgs) =>
  `/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}`;

/** One lesson with its content (docs/product.md §2.22): owners, admins, or anyone for a preview. */
export const lessonsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 403 "Buy the course to open this lesson" for anyone else; a quiz comes without answers. */
    getLesson: build.query<Lesson, LessonArgs>({
      query: (args) => ({ url: lessonPath(args) }),
      responseSchema: lessonSchema,
    }),
  }),
});

export const { useGetLessonQuery } = lessonsApi;
