import { lazy, memo, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import {
  CartIcon,
  CloseIcon,
  GraduationCapIcon,
  LogoutIcon,
  MenuIcon,
} from '@/components/icons/layout-icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { BrandMark } from './brand-mark';
import { focusRing } from './focus-ring';
import {
  isCurrent,
  linkActive,
  linkBase,
  linkIdle,
  navClass,
  navItemsFor,
  type NavItem,
} from './nav-items';

type Props = {
  /** Lines in the signed-in user's book cart. */
  cartCount: number;
  /** Lines in the client-only course cart. */
  courseCartCount: number;
  /** The signed-in user's unread chat messages, and how many of them mention them. */
  chatUnread?: { total: number; mentions: number };
};

const NO_UNREAD = { total: 0, mentions: 0 };

// Only a signed-in session shows the Me menu: a visitor's first screen never loads it
// (docs/decisions.md D105).
const MeMenu = lazy(() => import('./me-menu').then((module) => ({ default: module.MeMenu })));

/** Holds the Me menu's place while its chunk loads, so nothing beside it moves. */
function MeMenuPlaceholder() {
  return (
    <span aria-hidden="true" className={`${linkBase} ${linkIdle} invisible gap-1.5`}>
      <span className="h-4 w-4" />
      Me
      <span className="h-4 w-4" />
    </span>
  );
}

/** A count on an icon (hidden from screen readers: the link's name says it). */
function CountBubble({ count, mention = false }: { count: number; mention?: boolean }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[11px] font-bold leading-none ring-2 ring-base-100 ${
        mention ? 'bg-error text-error-content' : 'bg-primary text-primary-content'
      }`}
    >
      {mention ? '@' : ''}
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The group-learning link's name: its unread messages and mentions too. */
function unreadLabel(label: string, unread: { total: number; mentions: number }): string {
  if (unread.total === 0) return label;
  const mentions =
    unread.mentions === 0
      ? ''
      : `, ${unread.mentions} ${unread.mentions === 1 ? 'mention' : 'mentions'}`;
  return `${label} (${unread.total} unread${mentions})`;
}

function itemsLabel(what: string, count: number) {
  return `${what} (${count} ${count === 1 ? 'item' : 'items'})`;
}

/** A tooltip under an icon-only link, shown on hover and on keyboard focus (no `title`: it shows neither on focus nor on touch). */
function Tip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="tooltip tooltip-bottom before:z-50 after:z-50" data-tip={label}>
      {children}
    </span>
  );
}

/** An icon link with a count bubble (carts). */
function CountLink({
  to,
  label,
  count,
  children,
}: {
  to: string;
  label: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Tip label={label}>
      <NavLink
        to={to}
        aria-label={itemsLabel(label, count)}
        className={({ isActive }) =>
          `relative inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors ${focusRing} ${
            isActive ? linkActive : linkIdle
          }`
        }
      >
        {children}
        <CountBubble count={count} />
      </NavLink>
    </Tip>
  );
}

/** A link of the nav-items table, marked as the current page (aria-current) where it is. */
function ItemLink({
  item,
  className,
  onClick,
  markCurrent = true,
  labelled,
  name,
  children,
}: {
  item: NavItem;
  className: (current: boolean) => string;
  onClick?: () => void;
  /** False for the call to action, which has no current state. */
  markCurrent?: boolean;
  /** An icon-only link: the label becomes its accessible name and tooltip. */
  labelled?: boolean;
  /** Its accessible name, when it says more than the label (a count). */
  name?: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const current = isCurrent(item, pathname);
  const link = (
    <Link
      to={item.to}
      onClick={onClick}
      className={className(current)}
      aria-current={markCurrent && current ? 'page' : undefined}
      aria-label={labelled ? (name ?? item.label) : undefined}
    >
      {children}
    </Link>
  );
  return labelled ? <Tip label={item.label}>{link}</Tip> : link;
}

const iconClass = (current: boolean) =>
  `inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors ${focusRing} ${
    current ? linkActive : linkIdle
  }`;

/** The button-like items: the call to action and the outlined buttons. */
const isButton = (item: NavItem) => item.desktop === 'cta' || item.desktop === 'button';

/** The desktop look of the button-like items. */
const buttonClass = (item: NavItem) => (current: boolean) =>
  item.desktop === 'cta'
    ? 'btn btn-primary btn-sm ml-1 rounded-lg normal-case'
    : `btn btn-sm rounded-lg normal-case ${current ? 'btn-primary' : 'btn-outline btn-primary'}`;

/** The desktop's main links (hidden on a phone, whose menu lists them). */
const MainLinks = memo(function MainLinks({ items }: { items: NavItem[] }) {
  return (
    <ul className="hidden items-center gap-1 md:flex">
      {items.map((item) => (
        <li key={item.to}>
          <ItemLink item={item} className={navClass}>
            {item.label}
          </ItemLink>
        </li>
      ))}
    </ul>
  );
});

type DesktopActionsProps = {
  items: NavItem[];
  /** While the session is checked, the signed-out buttons whose room is kept. */
  reserved: NavItem[];
  chatUnread: { total: number; mentions: number };
  /** The Me menu's name; null when nobody is signed in (no Me menu). */
  displayName: string | null;
  signedIn: boolean;
  onLogout: () => void;
};

/** The desktop's icons, buttons and Me menu, on the right (hidden on a phone). */
const DesktopActions = memo(function DesktopActions({
  items,
  reserved,
  chatUnread,
  displayName,
  signedIn,
  onLogout,
}: DesktopActionsProps) {
  // Icons first, then the buttons, then the Me menu.
  const iconItems = items.filter((item) => item.desktop === 'icon');
  const buttonItems = items.filter(isButton);
  const meItems = items.filter((item) => item.desktop === 'me-menu');
  return (
    <div className="hidden items-center gap-1.5 md:flex">
      {iconItems.map((item) =>
        item.to === paths.groupLearn ? (
          <ItemLink
            key={item.to}
            item={item}
            className={(current) => `relative ${iconClass(current)}`}
            labelled
            name={unreadLabel(item.label, chatUnread)}
          >
            {item.icon && <item.icon />}
            <CountBubble count={chatUnread.total} mention={chatUnread.mentions > 0} />
          </ItemLink>
        ) : (
          <ItemLink key={item.to} item={item} className={iconClass} labelled>
            {item.icon && <item.icon />}
          </ItemLink>
        ),
      )}
      {buttonItems.map((item) => (
        <ItemLink
          key={item.to}
          item={item}
          className={buttonClass(item)}
          markCurrent={item.desktop !== 'cta'}
        >
          {item.label}
        </ItemLink>
      ))}
      {reserved.map((item) => (
        <span key={item.to} aria-hidden="true" className={`${buttonClass(item)(false)} invisible`}>
          {item.label}
        </span>
      ))}
      {signedIn && (
        <Suspense fallback={<MeMenuPlaceholder />}>
          <MeMenu items={meItems} onLogout={onLogout} name={displayName} />
        </Suspense>
      )}
    </div>
  );
});

const NO_ITEMS: NavItem[] = [];

/** Top navigation (docs/product.md §2): Home, Books, Login; carts, View Orders, group learning and Me when signed in. */
export function Navbar({ cartCount, courseCartCount, chatUnread = NO_UNREAD }: Props) {
  const { status, user, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The phone menu remembers the page it was opened on, so any navigation closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === pathname;
  const setMobileOpen = (open: boolean) => setMobileOpenAt(open ? pathname : null);
  const signedIn = status === 'signed-in';

  // Stable across the phone menu's toggling, so the memoized desktop parts above skip it (the
  // Open menu tap re-rendered every desktop link: its INP, docs/decisions.md D86).
  const handleLogout = useCallback(async () => {
    // Read before signing out: the admin flag is cleared with the session.
    const wasAdmin = isAdmin === true;
    setMobileOpenAt(null);
    // An admin goes to / (docs/product.md §2). Leave first, committed at once: on an admin page the guards
    // would otherwise send them to /login as soon as the session ends.
    if (wasAdmin) flushSync(() => navigate(paths.root));
    await signOut();
  }, [isAdmin, navigate, signOut]);
  const onLogout = useCallback(() => void handleLogout(), [handleLogout]);

  const closeMobile = () => setMobileOpen(false);
  const displayName = user?.displayName || user?.email || null;

  const items = useMemo(() => navItemsFor(status), [status]);
  const mainItems = useMemo(() => items.filter((item) => item.desktop === 'main'), [items]);
  // While the session is checked (a prerendered page shows that state until the app has taken it
  // over), Login's room is kept: for a visitor, nothing moves when it appears (docs/decisions.md D49).
  const reservedItems = useMemo(
    () => (status === 'loading' ? navItemsFor('signed-out').filter(isButton) : NO_ITEMS),
    [status],
  );

  return (
    <header className="sticky top-0 z-40 border-b border-base-200 bg-base-100/90 backdrop-blur supports-[backdrop-filter]:bg-base-100/75">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <Link
          to={paths.root}
          className={`mr-2 flex shrink-0 items-center gap-2 rounded-lg ${focusRing}`}
        >
          <BrandMark />
          <span className="text-lg font-extrabold tracking-tight">
            Learn<span className="text-primary">Together</span>
          </span>
        </Link>

        <MainLinks items={mainItems} />

        <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
          <CountLink to={paths.courseCart} label="Course cart" count={courseCartCount}>
            <GraduationCapIcon />
          </CountLink>
          {signedIn && (
            <CountLink to={paths.bookCart} label="Book cart" count={cartCount}>
              <CartIcon />
            </CountLink>
          )}

          <DesktopActions
            items={items}
            reserved={reservedItems}
            chatUnread={chatUnread}
            displayName={displayName}
            signedIn={signedIn}
            onLogout={onLogout}
          />

          <button
            type="button"
            className={`inline-flex h-10 w-10 items-center justify-center rounded-lg text-base-content/80 hover:bg-base-200 md:hidden ${focusRing}`}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            {mobileOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </nav>

      {mobileOpen && (
        <div id="mobile-menu" className="border-t border-base-200 bg-base-100 shadow-lg md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {items.map((item) => (
              <li key={item.to}>
                <ItemLink
                  item={item}
                  onClick={closeMobile}
                  className={(current) => `${navClass(current)} w-full${item.icon ? ' gap-2' : ''}`}
                >
                  {item.icon && <item.icon className="h-4 w-4" />}
                  {item.label}
                </ItemLink>
              </li>
            ))}
            {signedIn && (
              <li className="mt-1 border-t border-base-200 pt-2">
                <button
                  type="button"
                  onClick={onLogout}
                  className={`${linkBase} w-full gap-2 text-error hover:bg-error/10`}
                >
                  <LogoutIcon className="h-4 w-4" />
                  Logout
                </button>
              </li>
            )}
          </ul>
        </div>
      )}
    </header>
  );
}
