import type { ComponentType, SVGProps } from 'react';
import { matchPath } from 'react-router';
import { DashboardIcon, UsersIcon } from '@/components/icons/layout-icons';
import { paths } from '@/config/paths';
import type { AuthStatus } from '@/lib/auth';
import { focusRing } from './focus-ring';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export type NavItem = {
  label: string;
  to: string;
  /** Who sees it, by auth status; while the session loads only `everyone` items show. */
  audience: 'everyone' | 'signed-in' | 'signed-out';
  /** Further paths on which the item is the current page. */
  alsoCurrentOn?: readonly string[];
} & (
  | { desktop: 'icon'; icon: Icon }
  | {
      /**
       * Its place on wide screens: a text link on the left (`main`), a round icon (above), the
       * call-to-action button (no current state), an outlined button, or an entry of the Me menu.
       * The phone menu lists every item as a text link (with its icon, if any), in table order.
       */
      desktop: 'main' | 'cta' | 'button' | 'me-menu';
      icon?: Icon;
    }
);

/** The navbar's links (docs/product.md §2): one table for the desktop row and the phone menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  // "/home" is the same screen as "/" (the landing after login).
  {
    label: 'Home',
    to: paths.root,
    audience: 'everyone',
    desktop: 'main',
    alsoCurrentOn: [paths.home],
  },
  { label: 'Books', to: paths.book, audience: 'everyone', desktop: 'main' },
  { label: 'Login', to: paths.login, audience: 'signed-out', desktop: 'button' },
  { label: 'View Orders', to: paths.bookCart, audience: 'signed-in', desktop: 'cta' },
  {
    label: 'Group learning',
    to: paths.groupLearn,
    audience: 'signed-in',
    desktop: 'icon',
    icon: UsersIcon,
  },
  {
    label: 'Dashboard',
    to: paths.dashboard,
    audience: 'signed-in',
    desktop: 'me-menu',
    icon: DashboardIcon,
  },
];

export function navItemsFor(status: AuthStatus): NavItem[] {
  return NAV_ITEMS.filter((item) => item.audience === 'everyone' || item.audience === status);
}

/** Current on its own path and below it, like a NavLink ("/" only on itself). */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.alsoCurrentOn ?? [])].some(
    (path) => matchPath({ path, end: path === paths.root }, pathname) !== null,
  );
}

export const linkBase = `inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium transition-colors ${focusRing}`;
export const linkIdle = 'text-base-content/75 hover:bg-base-200 hover:text-base-content';
export const linkActive = 'bg-primary/10 text-primary';
export const navClass = (active: boolean) => `${linkBase} ${active ? linkActive : linkIdle}`;
