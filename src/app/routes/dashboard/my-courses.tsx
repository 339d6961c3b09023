import { MyCoursesScreen } from '@/features/courses/components/my-courses-screen';

export default function MyCoursesRoute() {
  return <MyCoursesScreen />;
}
