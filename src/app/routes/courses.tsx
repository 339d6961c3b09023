import { useCallback } from 'react';
import { addCourseOnce } from '@/features/course-cart/course-cart-slice';
import { CoursesScreen } from '@/features/courses/components/courses-screen';
import type { Course } from '@/features/courses/types';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useOwnedCourses } from './use-owned-courses';

/** Courses feed the course cart: the two features meet here. A signed-in user's own are "Owned". */
export default function CoursesRoute() {
  const dispatch = useAppDispatch();
  const { ownedIds, reporter } = useOwnedCourses();
  // One of each course (docs/decisions.md D62): a course in the cart already is not added again.
  const handleAdd = useCallback((course: Course) => dispatch(addCourseOnce(course)), [dispatch]);
  return (
    <>
      {reporter}
      <CoursesScreen onAddToCart={handleAdd} ownedIds={ownedIds} />
    </>
  );
}
