import type { Course } from '../types';

function isCourse(value: unknown): value is Course {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c._id === 'string' &&
    typeof c.name === 'string' &&
    typeof c.price === 'number' &&
    Number.isFinite(c.price) &&
    c.price >= 0 &&
    typeof c.image === 'string'
  );
}

/** The course list is a static file shipped with the app (docs/product.md §3, §7). */
export async function getCourses(signal?: AbortSignal): Promise<Course[]> {
  const response = await fetch('/course.json', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the courses (HTTP ${response.status}).`);
  const data: unknown = await response.json();
  if (!Array.isArray(data) || !data.every(isCourse)) {
    throw new Error('The course list is not in the expected format.');
  }
  return data;
}
