import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import {
  BookIcon,
  CartIcon,
  ChartIcon,
  FlagIcon,
  GaugeIcon,
  GraduationCapIcon,
  LibraryIcon,
  UserIcon,
  UsersIcon,
} from '@/components/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { focusRing } from './focus-ring';

type Item = {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
};

/** The dashboard's items by role (docs/product.md §2, §6). */
function menuItems(isAdmin: boolean | null): Item[] {
  const items: Item[] = [{ to: paths.dashboard, label: 'Profile', icon: UserIcon, end: true }];
  if (isAdmin === false) items.push({ to: paths.myOrders, label: 'My Orders', icon: CartIcon });
  // Every signed-in user may buy courses (once the role is known, so the items never reorder).
  if (isAdmin !== null) {
    items.push({ to: paths.myCourses, label: 'My Courses', icon: GraduationCapIcon });
  }
  if (isAdmin === true) {
    items.push(
      { to: paths.allUsers, label: 'Make Admin', icon: UsersIcon },
      { to: paths.addBook, label: 'Add Book', icon: BookIcon },
      { to: paths.adminBooks, label: 'Books', icon: LibraryIcon },
      { to: paths.adminOrders, label: 'Orders', icon: CartIcon },
      { to: paths.adminCourses, label: 'Courses', icon: GraduationCapIcon },
      { to: paths.sales, label: 'Sales', icon: ChartIcon },
      { to: paths.performance, label: 'Performance', icon: GaugeIcon },
      { to: paths.reports, label: 'Reports', icon: FlagIcon },
    );
  }
  return items;
}

/**
 * The dashboard's side menu: a column on large screens, a row of tabs that scrolls sideways on
 * phones.
 */
export function DashboardMenu() {
  const { isAdmin } = useAuth();
  return (
    <nav aria-label="Dashboard">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:pb-0">
        {menuItems(isAdmin).map(({ to, label, icon: Icon, end }) => (
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
        ))}
      </ul>
    </nav>
  );
}
