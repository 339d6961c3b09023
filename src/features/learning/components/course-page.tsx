import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@contract/course-rules';
import type { CourseDetail } from '@contract/courses';
import { centsToDollarString, toCents } from '@contract/money';
import { CoursePicture } from '@/components/course-picture';
import { CartIcon } from '@/components/icons/layout-icons';
import { CheckIcon } from '@/components/icons/check-icon';
import { LazyNotFoundPage } from '@/components/lazy-not-found-page';
import { PageTitle } from '@/components/page-title';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { apiFailureOf, errorMessageOr } from '@/lib/api/error-message';
import { courseDescription } from '@/lib/page-meta';
import { useGetCourseQuery } from '../api/course-detail-api';
import { LessonKindLabel } from './lesson-kind';
import { CourseReviews } from './course-reviews';
import { CourseRating } from './star-rating';

/** What the course cart takes (the course cart's add action). */
export type CourseForCart = Pick<CourseDetail, '_id' | 'name' | 'price' | 'image'>;

type Props = {
  courseId: string;
  /** The signed-in user owns it: "Go to course" instead of Add To Cart, and the rating form. */
  owned: boolean;
  onAddToCart: (course: CourseForCart) => void;
};

const CONFIRM_MS = 1500;

function CourseNotFound() {
  return (
    <LazyNotFoundPage
      title={COURSE_MESSAGES.notFound}
      away={{ to: paths.courses, label: 'Browse courses' }}
      namesTab
    >
      This course is not in our catalogue, or it is no longer on sale.
    </LazyNotFoundPage>
  );
}

/** The loaded page's boxes, so nothing moves when the course arrives. */
function CoursePageSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-12">
      <div className="space-y-4">
        <span className="skeleton block h-10 w-3/4 rounded" />
        <span className="skeleton block h-5 w-full rounded" />
        <span className="skeleton block h-5 w-40 rounded" />
        <span className="skeleton block h-48 w-full rounded-2xl" />
      </div>
      <div className="skeleton aspect-video w-full rounded-2xl lg:row-start-1 lg:col-start-2" />
    </div>
  );
}

function BuyBox({
  course,
  owned,
  onAddToCart,
}: { course: CourseDetail } & Omit<Props, 'courseId'>) {
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added === 0) return;
    const timer = setTimeout(() => setAdded(0), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [added]);

  return (
    <aside
      aria-label="Buy this course"
      className="overflow-hidden rounded-2xl bg-base-100 shadow-sm ring-1 ring-base-200 lg:sticky lg:top-20"
    >
      <CoursePicture src={course.image} largestPaint />
      <div className="flex flex-col gap-4 p-5">
        <p className="text-3xl font-bold text-base-content">
          <span className="sr-only">Price: </span>${centsToDollarString(toCents(course.price))}
        </p>
        {owned ? (
          <Link
            to={paths.learn(course._id)}
            className="btn btn-success w-full rounded-xl normal-case text-white"
          >
            <CheckIcon className="h-5 w-5" />
            Go to course
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => {
              onAddToCart({
                _id: course._id,
                name: course.name,
                price: course.price,
                image: course.image,
              });
              setAdded((n) => n + 1);
            }}
            className={`btn w-full rounded-xl normal-case ${added ? 'btn-success text-white' : 'btn-primary'}`}
          >
            {added ? <CheckIcon className="h-5 w-5" /> : <CartIcon className="h-5 w-5" />}
            {added ? 'Added ✓' : 'Add To Cart'}
          </button>
        )}
        {!owned && (
          <Link to={paths.courseCart} className="link text-center text-sm">
            View your course cart
          </Link>
        )}
        <p role="status" className="sr-only">
          {added ? `${course.name} was added to your course cart.` : ''}
        </p>
      </div>
    </aside>
  );
}

/**
 * A part of the page that React hydrates on its own: a prerendered page's Suspense boundary is
 * hydrated as a unit of its own, after the page around it, with the main thread handed back in
 * between, so the long outline and the reviews are no longer one long task on a slow phone
 * (docs/decisions.md D80). Nothing in it suspends: the fallback is never shown, and the markup
 * only gains the boundary's comment markers.
 */
function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

function CourseOutline({ course }: { course: CourseDetail }) {
  const lessons = course.sections.flatMap((section) => section.lessons);
  const minutes = lessons.reduce((sum, lesson) => sum + lesson.minutes, 0);
  return (
    <section aria-labelledby="course-outline" className="mt-10">
      <h2 id="course-outline" className="text-xl font-bold tracking-tight">
        Course content
      </h2>
      <p className="mt-1 text-sm text-base-content/75">
        {course.sections.length} sections · {lessons.length} lessons · {minutes} min in all
      </p>
      <ol className="mt-4 space-y-4">
        {course.sections.map((section, index) => (
          <li key={section._id} className="rounded-2xl ring-1 ring-base-200">
            <h3 className="rounded-t-2xl bg-base-200/60 px-4 py-3 font-semibold">
              <span className="text-base-content/70">Section {index + 1}:</span> {section.title}
            </h3>
            <HydratedApart>
              <ul className="divide-y divide-base-200">
                {section.lessons.map((lesson) => (
                  <li
                    key={lesson._id}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
                  >
                    <span className="flex flex-col">
                      <span className="font-medium">{lesson.title}</span>
                      <LessonKindLabel kind={lesson.kind} minutes={lesson.minutes} />
                    </span>
                    {lesson.preview && (
                      <Link
                        to={paths.learn(course._id, lesson._id)}
                        aria-label={`Preview: ${lesson.title}`}
                        className="btn btn-outline btn-primary btn-sm rounded-lg normal-case"
                      >
                        Preview
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </HydratedApart>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A course's page at /courses/{id} (docs/product.md §2.25): what it teaches, its outline with the
 * preview lessons open to anyone, its rating and reviews, and Add To Cart, or "Go to course" for
 * an owner. An unknown course is a not-found page.
 */
export function CoursePage({ courseId, owned, onAddToCart }: Props) {
  const { data: course, error, isError, refetch } = useGetCourseQuery(courseId);

  if (isError && apiFailureOf(error)?.status === 404) return <CourseNotFound />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <PageTitle
        title={course ? course.name : 'Course'}
        description={course ? courseDescription(course) : undefined}
      />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to={paths.courses} className="link text-base-content/80">
          Courses
        </Link>
        <span aria-hidden="true" className="mx-2 text-base-content/40">
          /
        </span>
        <span aria-current="page" className="text-base-content/90">
          {course ? course.name : 'Loading…'}
        </span>
      </nav>
      {isError ? (
        <LoadError
          message={errorMessageOr(error, 'The course could not be loaded.')}
          onRetry={() => void refetch()}
        />
      ) : !course ? (
        <CoursePageSkeleton />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-12">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{course.name}</h1>
            {course.summary && (
              <p className="mt-3 text-lg text-base-content/80">{course.summary}</p>
            )}
            <div className="mt-3">
              <CourseRating rating={course.rating} />
            </div>
          </div>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <BuyBox course={course} owned={owned} onAddToCart={onAddToCart} />
          </div>
          <div className="min-w-0 lg:col-start-1">
            {course.outcomes.length > 0 && (
              <section
                aria-labelledby="course-outcomes"
                className="rounded-2xl bg-base-100 p-5 ring-1 ring-base-200"
              >
                <h2 id="course-outcomes" className="text-xl font-bold tracking-tight">
                  What you&apos;ll learn
                </h2>
                <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                  {course.outcomes.map((outcome) => (
                    <li key={outcome} className="flex gap-2">
                      <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-success" />
                      <span>{outcome}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {course.description && (
              <section aria-labelledby="course-description" className="mt-10">
                <h2 id="course-description" className="text-xl font-bold tracking-tight">
                  About this course
                </h2>
                {/* Plain text: line breaks as the author wrote them. */}
                <p className="mt-2 whitespace-pre-line leading-relaxed text-base-content/85">
                  {course.description}
                </p>
              </section>
            )}
            <HydratedApart>
              <CourseOutline course={course} />
            </HydratedApart>
            <HydratedApart>
              <CourseReviews course={course} owned={owned} />
            </HydratedApart>
          </div>
        </div>
      )}
    </div>
  );
}
