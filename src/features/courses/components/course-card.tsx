import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CartIcon, CheckIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { centsToDollarString, toCents } from '@contract/money';
import type { Course } from '../types';

type Props = {
  course: Course;
  onAddToCart: (course: Course) => void;
  /** The signed-in user bought it: "Owned" (to My Courses) instead of Add To Cart. */
  owned?: boolean;
};

const CONFIRM_MS = 1500;

export function CourseCard({ course, onAddToCart, owned = false }: Props) {
  const [added, setAdded] = useState(0);

  useEffect(() => {
    if (added === 0) return;
    const timer = setTimeout(() => setAdded(0), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const headingId = `course-${course._id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-base-200 bg-base-100 shadow-sm transition duration-200 hover:-translate-y-1 hover:shadow-xl"
    >
      <div className="aspect-video overflow-hidden bg-base-200">
        <img
          src={course.image}
          alt={course.name}
          width={640}
          height={360}
          loading="lazy"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 id={headingId} className="text-lg font-semibold leading-snug">
          {course.name}
        </h2>
        <p className="text-base-content/70">
          Price:{' '}
          <span className="font-bold text-base-content">
            ${centsToDollarString(toCents(course.price))}
          </span>
        </p>
        {/* The same size as the button, so nothing moves when the owned courses arrive. */}
        {owned ? (
          <Link
            to={paths.myCourses}
            aria-label={`Owned: ${course.name}, in My Courses`}
            className="btn btn-outline btn-success mt-auto w-full rounded-xl normal-case"
          >
            <CheckIcon className="h-5 w-5" />
            Owned
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => {
              onAddToCart(course);
              setAdded((n) => n + 1);
            }}
            className={`btn mt-auto w-full rounded-xl normal-case ${added ? 'btn-success text-white' : 'btn-primary'}`}
          >
            {added ? (
              <>
                <CheckIcon className="h-5 w-5" />
                Added ✓
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
          {added ? `${course.name} was added to your course cart.` : ''}
        </p>
      </div>
    </article>
  );
}
