// The course cart lives only in the browser (no server calls) and survives a reload.
import { COURSE_QUANTITY } from '@contract/course-quantity';
import { COURSE_CART_STORAGE_KEY as KEY } from '@contract/saved-course-cart';
import type { CourseCartLine, CourseCartState } from './course-cart-slice';

function isLine(value: unknown): value is CourseCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v._id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.image === 'string' &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price) &&
    v.price >= 0 &&
    typeof v.quantity === 'number' &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1
  );
}

/**
 * One line per course, each of quantity 1 (a course is bought once, docs/decisions.md D62): a
 * cart saved before, with "× 2" or the same course twice, loads as one of each.
 */
function oneOfEach(lines: readonly CourseCartLine[]): CourseCartLine[] {
  const seen = new Set<string>();
  return lines.flatMap((line) => {
    if (seen.has(line._id)) return [];
    seen.add(line._id);
    return [{ ...line, quantity: COURSE_QUANTITY }];
  });
}

/** Reads the saved cart; anything damaged or foreign yields an empty cart, never an error. */
export function loadCourseCart(storage: Storage = localStorage): CourseCartState {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      Array.isArray((parsed as { carts?: unknown }).carts)
    ) {
      return { carts: oneOfEach((parsed as { carts: unknown[] }).carts.filter(isLine)) };
    }
  } catch {
    // Unreadable storage or invalid JSON: start empty.
  }
  return { carts: [] };
}

export function saveCourseCart(state: CourseCartState, storage: Storage = localStorage): void {
  try {
    storage.setItem(KEY, JSON.stringify({ carts: state.carts }));
  } catch {
    // Quota exceeded or storage disabled: the cart still works for this visit.
  }
}
