import { useEffect, useMemo } from 'react';
import { useGetOwnedCoursesQuery } from '../api/owned-courses-api';

/**
 * Reports the ids of the courses the signed-in user owns (the "Owned" marks of /courses and the
 * course cart). A component of its own so those screens load it, and RTK Query with it, only for
 * signed-in users: a visitor's first screen stays as small as before.
 */
export default function OwnedCourseIds({
  onOwned,
}: {
  onOwned: (courseIds: ReadonlySet<string>) => void;
}) {
  // Read again on every visit: a payment's courses arrive with Stripe's webhook.
  const { currentData: owned } = useGetOwnedCoursesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const key = owned?.map((course) => course.courseId).join('\n') ?? '';
  const ids = useMemo(() => new Set(key === '' ? [] : key.split('\n')), [key]);
  useEffect(() => onOwned(ids), [ids, onOwned]);
  return null;
}
