import type { adminCourseListSchema, AdminCourse, CourseDraft } from '@contract/courses';
import type { z } from 'zod';
import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';

const route = apiRoutes(() => import('@contract/routes/courses').then((m) => m.COURSE_ROUTES));

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
      ...route('GET /api/admin/courses', () => ({})),
      providesTags: ['AdminCourses'],
    }),

    /** GET /admin/courses/{id} (admin): the whole course as the builder edits it. */
    getAdminCourse: build.query<AdminCourse, string>({
      ...route('GET /api/admin/courses/:id', (id: string) => ({ params: { id } })),
      providesTags: (_result, _error, id) => [{ type: 'AdminCourses', id }],
    }),

    /** POST /admin/courses (admin): a new draft; its id is made from its name. */
    createCourse: build.mutation<AdminCourse, CourseDraft>({
      ...route('POST /api/admin/courses', (draft: CourseDraft) => ({ body: draft })),
      invalidatesTags: ['AdminCourses'],
    }),

    /** PUT /admin/courses/{id} (admin): the whole course; 409 over a newer version. */
    saveCourse: build.mutation<AdminCourse, { id: string; draft: CourseDraft }>({
      ...route(
        'PUT /api/admin/courses/:id',
        ({ id, draft }: { id: string; draft: CourseDraft }) => ({
          params: { id },
          body: draft,
        }),
      ),
      invalidatesTags: (_result, _error, { id }) => ['AdminCourses', { type: 'AdminCourses', id }],
    }),

    /** PUT /admin/courses/{id}/published (admin): in the shop or out of it. */
    setCoursePublished: build.mutation<AdminCourse, { id: string; published: boolean }>({
      ...route(
        'PUT /api/admin/courses/:id/published',
        ({ id, published }: { id: string; published: boolean }) => ({
          params: { id },
          body: { published },
        }),
      ),
      invalidatesTags: (_result, _error, { id }) => ['AdminCourses', { type: 'AdminCourses', id }],
    }),

    /** DELETE /admin/courses/{id} (admin): out of the shop; buyers keep it. */
    removeCourse: build.mutation<void, string>({
      ...route(
        'DELETE /api/admin/courses/:id',
        (id: string) => ({ params: { id } }),
        () => undefined,
      ),
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
