import { Link } from 'react-router';
import type { OwnedCourse } from '@contract/courses';
import { CoursePicture } from '@/components/course-picture';
import { DashboardList } from '@/components/dashboard-list';
import { GraduationCapIcon } from '@/components/icons/layout-icons';
import { paths } from '@/config/paths';
import { useGetOwnedCoursesQuery } from '../api/owned-courses-api';

/** "Bought on Mar 5, 2026": the day in the reader's time zone. */
function boughtOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** Cards the size of real ones, so nothing moves when the courses arrive. */
function CardSkeletons() {
  return (
    <div role="status" className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading your courses…</span>
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="overflow-hidden rounded-2xl bg-base-100 ring-1 ring-base-200"
        >
          <span className="skeleton block aspect-video w-full rounded-none" />
          <div className="space-y-2 p-4">
            <span className="skeleton block h-5 w-3/4" />
            <span className="skeleton block h-4 w-1/2" />
            <span className="skeleton block h-2 w-full" />
            <span className="skeleton block h-8 w-full rounded-lg" />
          </div>
        </div>
      ))}
    </div>
  );
}

function OwnedCourseCard({ course }: { course: OwnedCourse }) {
  const headingId = `owned-course-${course.courseId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200"
    >
      <CoursePicture src={course.image} />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 id={headingId} className="font-semibold leading-snug">
          {course.name}
        </h2>
        <p className="text-sm text-base-content/70">
          Bought on <time dateTime={course.boughtAt}>{boughtOn(course.boughtAt)}</time>
        </p>
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Progress in ${course.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={course.percent}
            aria-valuetext={`${course.percent}% complete`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-base-300"
          >
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${course.percent}%` }}
            />
          </div>
          <span className="whitespace-nowrap text-sm font-medium">{course.percent}% complete</span>
        </div>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {course.continueLessonId !== null && (
            <Link
              to={paths.learn(course.courseId, course.continueLessonId)}
              aria-label={`${course.percent === 0 ? 'Start' : 'Continue'} ${course.name}`}
              className="btn btn-primary btn-sm flex-1 basis-32 whitespace-nowrap rounded-lg normal-case"
            >
              {course.percent === 0 ? 'Start' : 'Continue'}
            </Link>
          )}
          {course.certificateId !== null && (
            <Link
              to={paths.certificate(course.certificateId)}
              aria-label={`View certificate: ${course.name}`}
              className="btn btn-outline btn-sm flex-1 basis-32 whitespace-nowrap rounded-lg normal-case"
            >
              View certificate
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * My Courses (docs/product.md §2.20): every course the signed-in user paid for, once, with the day
 * it was bought, its progress, Continue (Start at 0%) and the certificate once there is one.
 * Deleting its order in My Orders does not take it away.
 */
export function MyCoursesScreen() {
  // Read again on every visit: a payment's courses arrive with Stripe's webhook.
  const query = useGetOwnedCoursesQuery(undefined, { refetchOnMountOrArgChange: true });
  const courses = query.data ?? [];

  return (
    <DashboardList
      eyebrow="My Courses"
      headingId="my-courses-heading"
      heading="Courses you own"
      query={query}
      count={courses.length}
      skeleton={<CardSkeletons />}
      errorText="Your courses could not be loaded."
      empty={{
        icon: <GraduationCapIcon className="h-8 w-8" />,
        title: 'No courses yet',
        text: 'The courses you buy will show here.',
        browse: { to: paths.courses, label: 'Browse courses' },
      }}
    >
      <ul aria-label="My courses" className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {courses.map((course) => (
          <li key={course.courseId}>
            <OwnedCourseCard course={course} />
          </li>
        ))}
      </ul>
    </DashboardList>
  );
}
