import { Link } from 'react-router';
import { ArrowRightIcon } from '@/components/icons/arrow-right-icon';
import { CheckIcon } from '@/components/icons/check-icon';
import { paths } from '@/config/paths';

const perks = ['Learn at your own pace', 'Hands-on projects', 'Lifetime access'];

/** Points visitors to the course list (docs/product.md §2 Home). */
export function CoursePromo() {
  return (
    <section
      aria-labelledby="course-promo-heading"
      className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8"
    >
      <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-gradient-to-br from-primary/10 via-base-100 to-secondary/10 p-6 shadow-sm ring-1 ring-base-200 sm:p-10 md:grid-cols-2">
        <img
          src="/images/promo/course-promo.svg"
          width={800}
          height={500}
          alt=""
          aria-hidden="true"
          className="aspect-[4/3] w-full rounded-2xl bg-base-200 object-cover shadow-md"
        />
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            Online courses
          </p>
          <h2
            id="course-promo-heading"
            className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl"
          >
            Build real skills with our online courses
          </h2>
          <p className="mt-3 text-base-content/70">
            Short, practical courses on programming, science and creative writing — start today and
            learn with friends.
          </p>
          <ul className="mt-5 space-y-2">
            {perks.map((perk) => (
              <li key={perk} className="flex items-center gap-2 text-sm">
                <span className="flex h-5 w-5 items-center justify-center rounded-full bg-primary/15 text-primary">
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
                {perk}
              </li>
            ))}
          </ul>
          <Link to={paths.courses} className="btn btn-primary mt-7 rounded-xl normal-case">
            Browse courses
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
