import type { UserRole } from './users';

/**
 * The last-admin rule: deleting `target`, or removing their admin rights, must leave at least one
 * admin. `adminEmails` are the admins as read (and, on the server, locked) when the change is
 * decided. Zod-free: the server's repository and the web app's msw fakes share it.
 */
export function wouldRemoveLastAdmin(
  target: { email: string; role: UserRole },
  adminEmails: readonly string[],
): boolean {
  if (target.role !== 'admin') return false;
  return adminEmails.filter((email) => email !== target.email).length === 0;
}
