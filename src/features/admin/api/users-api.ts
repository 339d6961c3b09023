import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';
import type { UserSummary } from '../types';

const route = apiRoutes(() => import('@contract/routes/users').then((m) => m.USER_ROUTES));

/** The admin's user list (docs/product.md §2 Make Admin); each change refreshes it through the 'Users' tag. */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /allusers (admin): every account with its role. */
    getUsers: build.query<UserSummary[], void>({
      ...route('GET /api/allusers', () => ({})),
      providesTags: ['Users'],
    }),

    /** DELETE /allusers/dlt/{email} (admin); 409 for one's own account or the last admin. */
    deleteUser: build.mutation<void, string>({
      ...route(
        'DELETE /api/allusers/dlt/:email',
        (email: string) => ({ params: { email } }),
        () => undefined,
      ),
      invalidatesTags: ['Users'],
    }),

    /** PUT /allusers/makeadmin/{email} (admin; 403 for anyone else). */
    makeAdmin: build.mutation<void, string>({
      ...route(
        'PUT /api/allusers/makeadmin/:email',
        (email: string) => ({ params: { email } }),
        () => undefined,
      ),
      invalidatesTags: ['Users'],
    }),

    /**
     * PUT /allusers/removeadmin/{email} (admin); 409 for one's own rights, the last admin or an
     * admin named in the server's ADMIN_EMAILS.
     */
    removeAdmin: build.mutation<void, string>({
      ...route(
        'PUT /api/allusers/removeadmin/:email',
        (email: string) => ({ params: { email } }),
        () => undefined,
      ),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useDeleteUserMutation,
  useMakeAdminMutation,
  useRemoveAdminMutation,
} = usersApi;
