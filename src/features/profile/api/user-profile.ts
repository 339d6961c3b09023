import { apiClient, withParam } from '@/lib/api-client';
import type { ProfileUpdateBody, UserProfile } from '../types';

/** GET /userprofile/{email}: the stored profile; every field is a string, '' when unset. */
export function getUserProfile(email: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get<UserProfile>(withParam('/userprofile', email), { signal });
}

/** PUT /userupdate/{email}: replaces the profile's fields; 400 with a message for bad values. */
export function updateUserProfile(
  email: string,
  body: ProfileUpdateBody,
): Promise<{ acknowledged: true }> {
  return apiClient.put<{ acknowledged: true }>(withParam('/userupdate', email), body);
}
