import { lazy, Suspense, useCallback, useState } from 'react';
import { addToCart, selectCourseCartLines } from '@/features/course-cart/course-cart-slice';
import { CoursesScreen } from '@/features/courses/components/courses-screen';
import type { Course } from '@/features/courses/types';
import { useAuth } from '@/lib/auth';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';

// Signed-in users only: visitors never load it (nor RTK Query with it).
const OwnedCourseIds = lazy(() => import('@/features/courses/components/owned-course-ids'));

const NONE: ReadonlySet<string> = new Set();

/** Courses feed the course cart: the two features meet here. A signed-in user's own are "Owned". */
export default function CoursesRoute() {
  const dispatch = useAppDispatch();
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const [ownedIds, setOwnedIds] = useState<ReadonlySet<string>>(NONE);
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
          <OwnedCourseIds onOwned={setOwnedIds} />
        </Suspense>
      )}
      <CoursesScreen onAddToCart={handleAdd} ownedIds={signedIn ? ownedIds : NONE} />
    </>
  );
}
