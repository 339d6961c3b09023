import { memo, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COURSE_MESSAGES, courseFactsLabel } from '@contract/course-rules';
import { CoursePicture } from '@/components/course-picture';
import { CartIcon } from '@/components/icons/layout-icons';
import { CheckIcon } from '@/components/icons/check-icon';
import { paths } from '@/config/paths';
import { centsToDollarString, toCents } from '@contract/money';
import type { Course } from '../types';
import { CourseRating } from './course-rating';

type Props = {
  course: Course;
  /** Adds it to the course cart; false when the cart holds it already (nothing is added). */
  onAddToCart: (course: Course) => boolean;
  /** The signed-in user bought it: "Owned — Go to course" instead of Add To Cart. */
  owned?: boolean;
};

const CONFIRM_MS = 1500;

/** What the last Add To Cart did: added, or the course was in the cart already (D62). */
type Outcome = { kind: 'added' | 'in-cart'; at: number } | null;

/** Memoised: an Add To Cart redraws its own card, not the list (onAddToCart is one function). */
export const CourseCard = memo(function CourseCard({ course, onAddToCart, owned = false }: Props) {
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    if (outcome === null) return;
    const timer = setTimeout(() => setOutcome(null), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const headingId = `course-${course._id}`;
  const page = paths.coursePage(course._id);
  return (
    <article
      aria-labelledby={headingId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-base-200 bg-base-100 shadow-sm transition duration-200 hover:-translate-y-1 hover:shadow-xl"
    >
      <CoursePicture
        src={course.image}
        alt={course.name}
        imageClassName="transition duration-300 group-hover:scale-105"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={headingId} className="text-lg font-semibold leading-snug">
          {/* One link per card, stretched over it: the picture opens the course page too. */}
          <Link
            to={page}
            className="after:absolute after:inset-0 after:rounded-2xl hover:text-primary hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-primary"
          >
            {course.name}
          </Link>
        </h2>
        {course.summary && <p className="text-sm text-base-content/80">{course.summary}</p>}
        <p className="text-sm text-base-content/70">
          {courseFactsLabel(course.lessons, course.minutes)}
        </p>
        <CourseRating rating={course.rating} />
        <p className="text-base-content/70">
          Price:{' '}
          <span className="font-bold text-base-content">
            ${centsToDollarString(toCents(course.price))}
          </span>
        </p>
        {/* The same size as the button, so nothing moves when the owned courses arrive. */}
        {owned ? (
          <Link
            to={paths.learn(course._id)}
            aria-label={`${COURSE_MESSAGES.ownedGoToCourse}: ${course.name}`}
            className="btn btn-outline btn-success relative z-10 mt-auto w-full rounded-xl normal-case"
          >
            <CheckIcon className="h-5 w-5" />
            {COURSE_MESSAGES.ownedGoToCourse}
          </Link>
        ) : (
          <button
            type="button"
            onClick={() =>
              setOutcome({ kind: onAddToCart(course) ? 'added' : 'in-cart', at: Date.now() })
            }
            className={`btn relative z-10 mt-auto w-full rounded-xl normal-case ${outcome?.kind === 'added' ? 'btn-success text-white' : 'btn-primary'}`}
          >
            {outcome?.kind === 'added' ? (
              <>
                <CheckIcon className="h-5 w-5" />
                Added ✓
              </>
            ) : outcome?.kind === 'in-cart' ? (
              <>
                <CartIcon className="h-5 w-5" />
                {COURSE_MESSAGES.alreadyInCart}
              </>
            ) : (
              <>
                <CartIcon className="h-5 w-5" />
                Add To Cart
              </>
            )}
          </button>
        )}
        <p role="status" className="sr-only">
          {outcome?.kind === 'added'
            ? `${course.name} was added to your course cart.`
            : outcome?.kind === 'in-cart'
              ? `${course.name}: ${COURSE_MESSAGES.alreadyInCart}.`
              : ''}
        </p>
      </div>
    </article>
  );
});
