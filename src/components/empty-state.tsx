import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from './icons/arrow-right-icon';

type Props = {
  /** The icon in the round badge (h-8 w-8). */
  icon: ReactNode;
  title: string;
  text: string;
  /** The frame around it: its spacing, border, height. */
  className: string;
  /** Where to go instead: a primary "Browse …" button. */
  browse?: { to: string; label: string };
  /** Other actions, under the text. */
  children?: ReactNode;
};

/** What a list shows when it has nothing yet (carts, orders, checkout without a cart). */
export function EmptyState({ icon, title, text, className, browse, children }: Props) {
  return (
    <div className={`flex flex-col items-center text-center ${className}`}>
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-base-content/70">{text}</p>
      {browse && (
        <Link to={browse.to} className="btn btn-primary mt-6 rounded-xl normal-case">
          {browse.label}
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      )}
      {children}
    </div>
  );
}

/** A dashboard table's empty state: a dashed box with the screen's icon over one line. */
export function EmptyNote({
  icon: IconOf,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-base-300 px-6 py-14 text-center">
      <IconOf className="h-8 w-8 text-primary" />
      <p className="mt-3 text-base-content/70">{children}</p>
    </div>
  );
}
