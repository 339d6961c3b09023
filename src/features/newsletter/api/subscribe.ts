import type { NewsletterResponse } from '@contract/newsletter';
import { apiClient } from '@/lib/api-client';

export type Subscription = { isNewSubscriber: boolean; message: string | undefined };

/** POST /newsletter: 201 for a new subscriber, 200 when the address is already on the list. */
export async function subscribeToNewsletter(email: string): Promise<Subscription> {
  const { status, body } = await apiClient.send<NewsletterResponse | undefined>(
    'POST',
    '/newsletter',
    { body: { email } },
  );
  // The status decides, never the message text (the server words it).
  return { isNewSubscriber: status === 201, message: body?.message };
}
