import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { OwnedCourse } from '@contract/courses';
import { useAuth } from '@/lib/auth';

// Signed-in users only: a visitor never loads it, nor RTK Query with it (docs/decisions.md D67).
const OwnedCourses = lazy(() => import('@/features/courses/components/owned-courses'));

const NOTHING_OWNED: readonly OwnedCourse[] = [];

export type OwnedCoursesState = {
  /** The signed-in user's courses; none for a visitor (or until they are known). */
  owned: readonly OwnedCourse[];
  ownedIds: ReadonlySet<string>;
  /** Rendered by the route: asks for the owned courses once the user is signed in. */
  reporter: ReactNode;
};

/** The owned courses of whoever is signed in, for the course screens and the board (D58). */
export function useOwnedCourses(): OwnedCoursesState {
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const [reported, setReported] = useState(NOTHING_OWNED);
  const owned = signedIn ? reported : NOTHING_OWNED;
  const ownedIds = useMemo(() => new Set(owned.map((course) => course.courseId)), [owned]);
  const reporter = signedIn && (
    <Suspense fallback={null}>
      <OwnedCourses onOwned={setReported} />
    </Suspense>
  );
  return { owned, ownedIds, reporter };
}
