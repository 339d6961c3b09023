import { Link } from 'react-router';
import { formatCents, toCents } from '@contract/money';
import { DashboardTable } from '@/components/dashboard-table';
import { EmptyNote } from '@/components/empty-state';
import { GraduationCapIcon } from '@/components/icons/layout-icons';
import { PlusIcon } from '@/components/icons/plus-icon';
import { QueryView } from '@/components/query-view';
import { DashboardScreen } from '@/components/dashboard-screen';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useGetAdminCoursesQuery } from '../api/admin-courses-api';
import { PublishedBadge } from './published-badge';
import type { Column } from '@/components/column-heads';

/**
 * The admin's Courses screen (docs/product.md §2.29): every course, drafts too,
 * with its price, lessons and owners, and the way into the builder.
 */
const COURSE_COLUMNS: readonly Column[] = [
  { label: 'Name' },
  { label: 'Price', className: 'hidden text-right sm:table-cell' },
  { label: 'Lessons', className: 'hidden text-right sm:table-cell' },
  { label: 'Owners', className: 'hidden text-right sm:table-cell' },
  { label: 'Status' },
  { label: 'Actions', className: 'text-right', srOnly: true },
];

export function AdminCoursesScreen() {
  const {
    data: courses = [],
    isLoading,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetAdminCoursesQuery();

  return (
    <DashboardScreen
      eyebrow="Courses"
      headingId="admin-courses-heading"
      heading="Courses and drafts"
      refreshing={isFetching && !isLoading}
      actions={
        <Link to={paths.adminCourseNew} className="btn btn-primary btn-sm rounded-xl normal-case">
          <PlusIcon className="h-4 w-4" aria-hidden="true" />
          New course
        </Link>
      }
    >
      <QueryView
        query={{ isLoading, isError, error, refetch }}
        loading={<Spinner label="Loading the courses…" />}
        errorText="Could not load the courses."
        isEmpty={courses.length === 0}
        empty={
          <EmptyNote icon={GraduationCapIcon}>No course yet: start one with New course.</EmptyNote>
        }
      >
        <DashboardTable tightOnPhones columns={COURSE_COLUMNS}>
          {courses.map((course) => (
            <tr key={course._id} className="hover:bg-base-200/40">
              <th scope="row" className="min-w-32 font-medium">
                <span className="break-words">{course.name}</span>
                <span className="mt-1 block text-xs font-normal text-base-content/80 sm:hidden">
                  {formatCents(toCents(course.price))} · {course.lessons}{' '}
                  {course.lessons === 1 ? 'lesson' : 'lessons'} · {course.owners}{' '}
                  {course.owners === 1 ? 'owner' : 'owners'}
                </span>
              </th>
              <td className="hidden text-right tabular-nums sm:table-cell">
                {formatCents(toCents(course.price))}
              </td>
              <td className="hidden text-right tabular-nums sm:table-cell">{course.lessons}</td>
              <td className="hidden text-right tabular-nums sm:table-cell">{course.owners}</td>
              <td>
                <PublishedBadge published={course.published} />
              </td>
              <td className="text-right">
                <Link
                  to={paths.adminCourse(course._id)}
                  aria-label={`Edit ${course.name}`}
                  className="btn btn-outline btn-primary btn-xs whitespace-nowrap rounded-lg normal-case sm:btn-sm"
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </DashboardTable>
      </QueryView>
    </DashboardScreen>
  );
}
