import { vi } from 'vitest';
import { buildShipping, buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';

export const STUDENT = 'student@learntogether.test';

export const student = () => buildUser({ email: STUDENT, displayName: 'Sam Student' });

let sequence = 0;

/**
 * A succeeded course payment of `email` (the student by default) in the fake API, as the webhook
 * leaves it: they own the course. `name` is the line's name (the course's id by default).
 */
export function bought(courseId: string, { email = STUDENT, name = courseId } = {}): void {
  const id = `pi_learning${++sequence}`;
  db.payments.push({
    id,
    clientSecret: `${id}_secret_mock`,
    email,
    source: 'courses',
    lines: [{ name, quantity: 1, unitPriceCents: 4999, courseId }],
    amountCents: 4999,
    shipping: buildShipping({ email }),
    status: 'succeeded',
    paidAt: Date.UTC(2026, 2, 5, 12),
  });
}

/** Progress as stored in the fake API (what earlier visits left). */
export function progressOf(
  courseId: string,
  completed: string[],
  options: { lastLessonId?: string; certificateId?: string; email?: string } = {},
): void {
  db.progress.set(`${options.email ?? STUDENT} ${courseId}`, {
    completed: new Set(completed),
    lastLessonId: options.lastLessonId ?? null,
    certificateId: options.certificateId ?? null,
  });
}

/** The window is `width` px wide as far as media queries go (jsdom has no layout). */
export function viewportWidth(width: number): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /min-width:\s*(\d+)px/.test(query)
          ? width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1])
          : false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
