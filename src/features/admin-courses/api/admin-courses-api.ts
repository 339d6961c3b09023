import {
  type adminCourseListSchema,
  adminCourseSchema,
  courseRemovedSchema,
  type AdminCourse,
  type CourseDraft,
} from '@contract/courses';
import type { z } from 'zod';
import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { withParam } from '@/lib/api-client';

/** The course as the schema reads it (defaults filled in); the raw answer was checked already. */
const parseCourse = (raw: unknown): AdminCourse => adminCourseSchema.parse(raw);

export type AdminCourseListItem = z.infer<typeof adminCourseListSchema>[number];

/**
 * The admin's course builder (docs/product.md §2.29): the courses with their drafts
 * and one course with its answers ('AdminCourses' tag). Every change refreshes them and the
 * learner's course list ('Courses'), so the shop shows it at once.
 */
export const adminCoursesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/courses (admin): every course not removed, drafts too. */
    getAdminCourses: build.query<AdminCourseListItem[], void>({
      query: () => ({ url: '/admin/courses' }),
      responseSchema: lazySchema(() =>
        import('@contract/courses').then((m) => m.adminCourseListSchema),
      ),
      providesTags: ['AdminCourses'],
    }),

    /** GET /admin/courses/{id} (admin): the whole course as the builder edits it. */
    getAdminCourse: build.query<AdminCourse, string>({
      query: (id) => ({ url: withParam('/admin/courses', id) }),
      rawResponseSchema: adminCourseSchema,
      transformResponse: parseCourse,
      providesTags: (_result, _error, id) => [{ type: 'AdminCourses', id }],
    }),

    /** POST /admin/courses (admin): a new draft; its id is made from its name. */
    createCourse: build.mutation<AdminCourse, CourseDraft>({
      query: (draft) => ({ url: '/admin/courses', method: 'POST', body: draft }),
      rawResponseSchema: adminCourseSchema,
      transformResponse: parseCourse,
      invalidatesTags: ['AdminCourses'],
    }),

    /** PUT /admin/courses/{id} (admin): the whole course; 409 over a newer version. */
    saveCourse: build.mutation<AdminCourse, { id: string; draft: CourseDraft }>({
      query: ({ id, draft }) => ({
        url: withParam('/admin/courses', id),
        method: 'PUT',
        body: draft,
      }),
      rawResponseSchema: adminCourseSchema,
      transformResponse: parseCourse,
      invalidatesTags: (_result, _error, { id }) => ['AdminCourses', { type: 'AdminCourses', id }],
    }),

    /** PUT /admin/courses/{id}/published (admin): in the shop or out of it. */
    setCoursePublished: build.mutation<AdminCourse, { id: string; published: boolean }>({
      query: ({ id, published }) => ({
        url: `${withParam('/admin/courses', id)}/published`,
        method: 'PUT',
        body: { published },
      }),
      rawResponseSchema: adminCourseSchema,
      transformResponse: parseCourse,
      invalidatesTags: (_result, _error, { id }) => ['AdminCourses', { type: 'AdminCourses', id }],
    }),

    /** DELETE /admin/courses/{id} (admin): out of the shop; buyers keep it. */
    removeCourse: build.mutation<void, string>({
      query: (id) => ({ url: withParam('/admin/courses', id), method: 'DELETE' }),
      rawResponseSchema: courseRemovedSchema,
      transformResponse: () => undefined,
      invalidatesTags: ['AdminCourses'],
    }),
  }),
});

export const {
  useGetAdminCoursesQuery,
  useGetAdminCourseQuery,
  useCreateCourseMutation,
  useSaveCourseMutation,
  useSetCoursePublishedMutation,
  useRemoveCourseMutation,
} = adminCoursesApi;
