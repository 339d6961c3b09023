import { baseApi } from '@/lib/api/base-api';
import { lazySchema } from '@/lib/api/lazy-schema';
import { withParam } from '@/lib/api-client';
import type { UserSummary } from '../types';

/** The admin's user list (docs/product.md §2 Make Admin); each change refreshes it through the 'Users' tag. */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /allusers (admin): every account with its role. */
    getUsers: build.query<UserSummary[], void>({
      query: () => ({ url: '/allusers' }),
      responseSchema: lazySchema(() => import('@contract/users').then((m) => m.userListSchema)),
      providesTags: ['Users'],
    }),

    /** DELETE /allusers/dlt/{email} (admin); 409 for one's own account or the last admin. */
    deleteUser: build.mutation<void, string>({
      query: (email) => ({ url: withParam('/allusers/dlt', email), method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Users'],
    }),

    /** PUT /allusers/makeadmin/{email} (admin; 403 for anyone else). */
    makeAdmin: build.mutation<void, string>({
      query: (email) => ({ url: withParam('/allusers/makeadmin', email), method: 'PUT' }),
      transformResponse: () => undefined,
      invalidatesTags: ['Users'],
    }),

    /**
     * PUT /allusers/removeadmin/{email} (admin); 409 for one's own rights, the last admin or an
     * admin named in the server's ADMIN_EMAILS.
     */
    removeAdmin: build.mutation<void, string>({
      query: (email) => ({ url: withParam('/allusers/removeadmin', email), method: 'PUT' }),
      transformResponse: () => undefined,
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
