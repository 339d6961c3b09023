import { Link, useLocation } from 'react-router';
import { ArrowRightIcon } from '@/components/icons';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p
        className="text-7xl font-black tracking-tight text-primary/60 sm:text-8xl"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-base-content/70">
        We could not find{' '}
        <code className="break-all rounded-md bg-base-200 px-1.5 py-0.5 text-sm text-base-content">
          {pathname}
        </code>
        .
      </p>
      <Link to={paths.root} className="btn btn-primary mt-8 rounded-xl normal-case">
        Back to home
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}
