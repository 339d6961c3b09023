import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from './icons/arrow-right-icon';
import { PageTitle } from './page-title';

type Props = {
  /** The big status number over the heading (the unknown address's 404). */
  code?: string;
  title: string;
  /** Why it is not here, under the heading. */
  children: ReactNode;
  /** Where to go instead: a primary button. */
  away: { to: string; label: string };
  /**
   * The title names the tab too: on a screen that names its own (src/app/screens.ts
   * titledScreens); the unknown address's tab is the root layout's.
   */
  namesTab?: boolean;
};

/** A page whose thing does not exist (an unknown address, book, course or certificate). */
export function NotFoundPage({ code, title, children, away, namesTab = false }: Props) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {namesTab && <PageTitle title={title} />}
      {code && (
        <p
          className="text-7xl font-black tracking-tight text-primary/60 sm:text-8xl"
          aria-hidden="true"
        >
          {code}
        </p>
      )}
      <h1 className={`text-3xl font-bold tracking-tight ${code ? 'mt-4' : ''}`}>{title}</h1>
      <p className="mt-3 text-base-content/70">{children}</p>
      <Link to={away.to} className="btn btn-primary mt-8 rounded-xl normal-case">
        {away.label}
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </section>
  );
}
