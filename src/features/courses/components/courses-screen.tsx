import { useEffect } from 'react';
import { AlertIcon } from '@/components/icons/alert-icon';
import { Hero } from '@/components/layout/hero';
import { Spinner } from '@/components/spinner';
import { useAppDispatch, useAppSelector } from '@/lib/redux-hooks';
import { fetchCourses, selectCourses } from '../courses-slice';
import type { Course } from '../types';
import { CourseCard } from './course-card';

type Props = {
  /** Adds a course to the cart; false when it is there already (nothing is added). */
  onAddToCart: (course: Course) => boolean;
  /** The signed-in user's courses (docs/product.md §2.20): marked "Owned". */
  ownedIds?: ReadonlySet<string>;
};

/** The course list (docs/product.md §2 Courses), read through the courses slice. */
export function CoursesScreen({ onAddToCart, ownedIds }: Props) {
  const dispatch = useAppDispatch();
  const { courses, isLoading, error } = useAppSelector(selectCourses);

  useEffect(() => {
    void dispatch(fetchCourses({}));
  }, [dispatch]);

  return (
    <>
      <Hero image="/images/banners/courses-banner.svg" labelledBy="courses-heading">
        <div className="py-16 text-white sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">
            Learn anywhere
          </p>
          <h1
            id="courses-heading"
            className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl"
          >
            Our Online Courses
          </h1>
          <p className="mt-3 max-w-xl text-white/80">
            Practical courses you can start today — add them to your cart and learn at your own
            pace.
          </p>
        </div>
      </Hero>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {isLoading && courses.length === 0 ? (
          <Spinner label="Loading courses…" />
        ) : error ? (
          <div role="alert" className="alert border-error/30 bg-error/10 text-base-content">
            <AlertIcon className="h-6 w-6 shrink-0 text-error" />
            <span>{error}</span>
          </div>
        ) : courses.length === 0 ? (
          <p className="py-16 text-center text-base-content/70">
            No courses are available right now.
          </p>
        ) : (
          <ul aria-label="Courses" className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {courses.map((course) => (
              <li key={course._id}>
                <CourseCard
                  course={course}
                  onAddToCart={onAddToCart}
                  owned={ownedIds?.has(course._id) ?? false}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
