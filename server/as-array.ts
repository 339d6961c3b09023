/** A route option Fastify takes as one value or a list (hooks, methods), as a list. */
export function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
