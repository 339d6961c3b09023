import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import { CartIcon, GraduationCapIcon, UserIcon, UsersIcon } from '@/components/icons/layout-icons';
import { BookIcon } from '@/components/icons/book-icon';
import { ChartIcon } from '@/components/icons/chart-icon';
import { FlagIcon } from '@/components/icons/flag-icon';
import { GaugeIcon } from '@/components/icons/gauge-icon';
import { LibraryIcon } from '@/components/icons/library-icon';
import { focusRing } from './focus-ring';

/** The icons a menu item may name. */
const ICONS = {
  user: UserIcon,
  cart: CartIcon,
  'graduation-cap': GraduationCapIcon,
  users: UsersIcon,
  book: BookIcon,
  library: LibraryIcon,
  chart: ChartIcon,
  gauge: GaugeIcon,
  flag: FlagIcon,
} satisfies Record<string, ComponentType<SVGProps<SVGSVGElement>>>;

export type DashboardMenuEntry = {
  to: string;
  label: string;
  icon: keyof typeof ICONS;
  /** Active on its own path only (the index item), not on the paths under it. */
  end: boolean;
};

/**
 * The dashboard's side menu: a column on large screens, a row of tabs that scrolls sideways on
 * phones.
 */
export function DashboardMenu({ items }: { items: readonly DashboardMenuEntry[] }) {
  return (
    <nav aria-label="Dashboard">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:pb-0">
        {items.map(({ to, label, icon, end }) => {
          const Icon = ICONS[icon];
          return (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-2.5 whitespace-nowrap rounded-xl px-3.5 py-2 text-sm font-medium sm:px-4 lg:py-2.5 transition-colors ${focusRing} ${
                    isActive
                      ? 'bg-primary text-primary-content shadow-sm shadow-primary/30'
                      : 'bg-base-100 text-base-content/75 ring-1 ring-base-200 hover:bg-base-200 hover:text-base-content lg:bg-transparent lg:ring-0'
                  }`
                }
              >
                {/* Phones show the words only, so every item fits in one row. */}
                <Icon className="hidden h-4 w-4 sm:block" />
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
