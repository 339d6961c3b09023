/** One failed check of a request: the dotted field path (`''` for the whole value) and why. */
export type ValidationIssue = { field: string; message?: string };

/**
 * The 400 message of a request that failed its schema: `field: message` per issue, joined by
 * '; '. Zod-free: the server's error handler and the web app's msw fakes word it the same way.
 */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  return issues.map(({ field, message }) => (field ? `${field}: ${message}` : message)).join('; ');
}

/** The dotted field of a zod issue path (`['social']` → `social`, `[]` → `''`). */
export function fieldOfPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}
