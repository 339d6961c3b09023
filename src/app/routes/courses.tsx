import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { OwnedCourse } from '@contract/courses';
import { addToCart, selectCourseCartLines } from '@/features/course-cart/course-cart-slice';
import { CoursesScreen } from '@/features/courses/components/courses-screen';
import type { Course } from '@/features/courses/types';
import { useAuth } from '@/lib/auth';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';

// Signed-in users only: visitors never load it (nor RTK Query with it).
const OwnedCourses = lazy(() => import('@/features/courses/components/owned-courses'));

const NONE: ReadonlySet<string> = new Set();
const NOTHING_OWNED: readonly OwnedCourse[] = [];

/** Courses feed the course cart: the two features meet here. A signed-in user's own are "Owned". */
export default function CoursesRoute() {
  const dispatch = useAppDispatch();
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const [owned, setOwned] = useState(NOTHING_OWNED);
  const ownedIds = useMemo(() => new Set(owned.map((course) => course.courseId)), [owned]);
  const cartLines = useAppSelector(selectCourseCartLines);
  // One of each course (docs/decisions.md D62): a course in the cart already is not added again.
  const handleAdd = useCallback(
    (course: Course) => {
      if (cartLines.some((line) => line._id === course._id)) return false;
      dispatch(addToCart(course));
      return true;
    },
    [cartLines, dispatch],
  );
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <OwnedCourses onOwned={setOwned} />
        </Suspense>
      )}
      <CoursesScreen onAddToCart={handleAdd} ownedIds={signedIn ? ownedIds : NONE} />
    </>
  );
}
