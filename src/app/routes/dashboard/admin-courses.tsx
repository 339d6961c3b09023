import { AdminCoursesScreen } from '@/features/admin-courses/components/admin-courses-screen';

export default function AdminCoursesRoute() {
  return <AdminCoursesScreen />;
}
