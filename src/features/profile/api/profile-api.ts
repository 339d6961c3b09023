import { apiRoutes } from '@/lib/api/api-route';
import { baseApi } from '@/lib/api/base-api';
import type { ProfileUpdateBody, UserProfile } from '../types';

const route = apiRoutes(() => import('@contract/routes/users').then((m) => m.USER_ROUTES));

/** The signed-in user's profile (docs/product.md §2 Profile), cached per email. */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /userprofile/{email}: the stored profile; every field is a string, '' when unset. */
    getProfile: build.query<UserProfile, string>({
      ...route('GET /api/userprofile/:email', (email: string) => ({ params: { email } })),
      providesTags: ['Profile'],
    }),

    /** PUT /userupdate/{email}: replaces the profile's fields; 400 with a message for bad values. */
    updateProfile: build.mutation<void, ProfileUpdateBody>({
      ...route(
        'PUT /api/userupdate/:email',
        (body: ProfileUpdateBody) => ({ params: { email: body.email }, body }),
        () => undefined,
      ),
      // The saved values show at once, without a refetch (the sign-up date stays the server's).
      async onQueryStarted({ signUpDate: _sent, ...saved }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // The screen says why; the cached profile stays as the server has it.
        }
        dispatch(
          profileApi.util.updateQueryData('getProfile', saved.email, (profile) => ({
            ...profile,
            ...saved,
          })),
        );
      },
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
