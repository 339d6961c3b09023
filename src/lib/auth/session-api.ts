import { accessToken } from '@/lib/access-token';
import { apiClient, withParam } from '@/lib/api-client';

/** PUT /user/{email}: trades a Firebase ID token (the bearer of this one call) for an access token. */
export async function exchangeIdToken(email: string, idToken: string): Promise<string> {
  const answer = await apiClient.put<{ token?: unknown } | undefined>(
    withParam('/user', email),
    { email },
    { bearer: idToken },
  );
  if (typeof answer?.token !== 'string' || answer.token === '') {
    throw new Error('The server answered the sign-in without an access token.');
  }
  return answer.token;
}

/** GET /admin/{email}: true or false for the caller themself. */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  if (!accessToken.get()) return false;
  const answer = await apiClient.get<boolean>(withParam('/admin', email));
  return answer === true;
}
