import { apiClient, withParam } from '@/lib/api-client';
import type { UserSummary } from '../types';

/** GET /allusers (admin): every account with its role. */
export async function listUsers(signal?: AbortSignal): Promise<UserSummary[]> {
  const users = await apiClient.get<UserSummary[] | undefined>('/allusers', { signal });
  return Array.isArray(users) ? users : [];
}

/** DELETE /allusers/dlt/{email} (admin); 409 for one's own account or the last admin. */
export function deleteUser(email: string): Promise<unknown> {
  return apiClient.delete(withParam('/allusers/dlt', email));
}

/** PUT /allusers/makeadmin/{email} (admin; 403 for anyone else). */
export function makeAdmin(email: string): Promise<unknown> {
  return apiClient.put(withParam('/allusers/makeadmin', email));
}
