import { env } from '@/config/env';
import type { Course } from '../types';

const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isRating(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  return typeof r.average === 'number' && isCount(r.count);
}

// A hand-written check, not the contract's zod schema: the course list is a visitor's first
// screen, which stays without zod (the owned courses' RTK Query loads for signed-in users only).
function isCourse(value: unknown): value is Course {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c._id === 'string' &&
    typeof c.name === 'string' &&
    typeof c.price === 'number' &&
    Number.isFinite(c.price) &&
    c.price >= 0 &&
    typeof c.image === 'string' &&
    typeof c.summary === 'string' &&
    isCount(c.lessons) &&
    isCount(c.minutes) &&
    isRating(c.rating)
  );
}

/** The published courses, from the server's database (`GET /api/courses`, issue 31 §1). */
export async function getCourses(signal?: AbortSignal): Promise<Course[]> {
  const response = await fetch(`${env.apiUrl}/courses`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load the courses (HTTP ${response.status}).`);
  const data: unknown = await response.json();
  if (!Array.isArray(data) || !data.every(isCourse)) {
    throw new Error('The course list is not in the expected format.');
  }
  return data;
}
