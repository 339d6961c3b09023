import type { Queryable } from '../client';

export type SubscribeResult = 'created' | 'exists';

/** Adds an address once; the unique index on lower(email) makes a repeat (any case) a no-op. */
export async function subscribe(db: Queryable, email: string): Promise<SubscribeResult> {
  const rows = await db.query<{ id: string }>(
    `insert into newsletter_subscribers (email) values ($1)
     on conflict ((lower(email))) do nothing
     returning id`,
    [email.trim().toLowerCase()],
  );
  return rows.length > 0 ? 'created' : 'exists';
}
