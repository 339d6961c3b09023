import { useParams } from 'react-router';
import { CourseEditorScreen } from '@/features/admin-courses/components/course-editor-screen';

/** `/dashboard/courses/new` (no id) or `/dashboard/courses/:courseId`. */
export default function AdminCourseEditorRoute() {
  const { courseId } = useParams();
  return <CourseEditorScreen key={courseId ?? 'new'} courseId={courseId ?? null} />;
}
