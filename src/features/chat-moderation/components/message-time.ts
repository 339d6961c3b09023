/** A message's time as the moderation and search views show it (the reader's locale). */
export function messageTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
