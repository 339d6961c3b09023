import { useCallback } from 'react';
import { addToCart } from '@/features/course-cart/course-cart-slice';
import { CoursesScreen } from '@/features/courses/components/courses-screen';
import type { Course } from '@/features/courses/types';
import { useAppDispatch } from '@/lib/redux-hooks';

/** Courses feed the course cart: the two features meet here. */
export default function CoursesRoute() {
  const dispatch = useAppDispatch();
  const handleAdd = useCallback((course: Course) => dispatch(addToCart(course)), [dispatch]);
  return <CoursesScreen onAddToCart={handleAdd} />;
}
