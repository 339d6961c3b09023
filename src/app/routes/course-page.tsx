import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { OwnedCourse } from '@contract/courses';
import { useParams } from 'react-router';
import { addToCart } from '@/features/course-cart/course-cart-slice';
import { CoursePage, type CourseForCart } from '@/features/learning/components/course-page';
import { useAuth } from '@/lib/auth';
import { useAppDispatch } from '@/lib/redux-hooks';

// Signed-in users only: visitors never ask for owned courses.
const OwnedCourses = lazy(() => import('@/features/courses/components/owned-courses'));

const NOTHING_OWNED: readonly OwnedCourse[] = [];

/** A course's page; its Add To Cart fills the course cart, and an owner's is "Go to course". */
export default function CoursePageRoute() {
  const { courseId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const [owned, setOwned] = useState(NOTHING_OWNED);
  const ownedIds = useMemo(() => new Set(owned.map((course) => course.courseId)), [owned]);
  const handleAdd = useCallback((course: CourseForCart) => dispatch(addToCart(course)), [dispatch]);
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <OwnedCourses onOwned={setOwned} />
        </Suspense>
      )}
      <CoursePage
        // A new course is a new page: no state of the last one carries over.
        key={courseId}
        courseId={courseId}
        owned={signedIn && ownedIds.has(courseId)}
        onAddToCart={handleAdd}
      />
    </>
  );
}
