import { useCallback } from 'react';
import { useParams } from 'react-router';
import { addToCart } from '@/features/course-cart/course-cart-slice';
import { CoursePage, type CourseForCart } from '@/features/learning/components/course-page';
import { useAppDispatch } from '@/lib/redux-hooks';
import { useOwnedCourses } from './use-owned-courses';

/** A course's page; its Add To Cart fills the course cart, and an owner's is "Go to course". */
export default function CoursePageRoute() {
  const { courseId = '' } = useParams();
  const dispatch = useAppDispatch();
  const { ownedIds, reporter } = useOwnedCourses();
  const handleAdd = useCallback((course: CourseForCart) => dispatch(addToCart(course)), [dispatch]);
  return (
    <>
      {reporter}
      <CoursePage
        // A new course is a new page: no state of the last one carries over.
        key={courseId}
        courseId={courseId}
        owned={ownedIds.has(courseId)}
        onAddToCart={handleAdd}
      />
    </>
  );
}
