import { useEffect } from 'react';
import type { OwnedCourse } from '@contract/courses';
import { useGetOwnedCoursesQuery } from '../api/owned-courses-api';

/**
 * Reports the courses the signed-in user owns (the "Owned" marks of /courses, the course page
 * and the course cart; the course rooms the drawing board shares to). A component of its own,
 * loaded lazily, so those screens load it, and RTK Query and the contract's schemas with it, only
 * for signed-in users: a visitor's first screen stays as small as before.
 */
export default function OwnedCourses({
  onOwned,
}: {
  onOwned: (courses: readonly OwnedCourse[]) => void;
}) {
  // Read again on every visit: a payment's courses arrive with Stripe's webhook. RTK Query keeps
  // the same array while the answer is the same, so `onOwned` hears of a change only.
  const { currentData: owned } = useGetOwnedCoursesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useEffect(() => {
    if (owned) onOwned(owned);
  }, [owned, onOwned]);
  return null;
}
