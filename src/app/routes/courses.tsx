import { useCallback } from 'react';
import { addToCart, selectCourseCartLines } from '@/features/course-cart/course-cart-slice';
import { CoursesScreen } from '@/features/courses/components/courses-screen';
import type { Course } from '@/features/courses/types';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { useOwnedCourses } from './use-owned-courses';

/** Courses feed the course cart: the two features meet here. A signed-in user's own are "Owned". */
export default function CoursesRoute() {
  const dispatch = useAppDispatch();
  const { ownedIds, reporter } = useOwnedCourses();
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
      {reporter}
      <CoursesScreen onAddToCart={handleAdd} ownedIds={ownedIds} />
    </>
  );
}
