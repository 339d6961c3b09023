import type { NewsletterResponse } from '@contract/newsletter';
import { apiClient } from '@/lib/api-client';

/** POST /newsletter: 201 for a new subscriber, 200 when the address is already on the list. */
export function subscribeToNewsletter(email: string): Promise<NewsletterResponse | undefined> {
  return apiClient.post<NewsletterResponse | undefined>('/newsletter', { email });
}
