import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import {
  CartIcon,
  ChevronDownIcon,
  CloseIcon,
  DashboardIcon,
  GraduationCapIcon,
  LogoutIcon,
  MenuIcon,
  UserIcon,
  UsersIcon,
} from '@/components/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { focusRing } from './focus-ring';
import { BrandMark } from './brand-mark';

type Props = {
  /** Lines in the signed-in user's book cart. */
  cartCount: number;
  /** Lines in the client-only course cart. */
  courseCartCount: number;
};

const linkBase = `inline-flex items-center rounded-lg px-3 py-2 text-sm font-medium transition-colors ${focusRing}`;
const linkIdle = 'text-base-content/75 hover:bg-base-200 hover:text-base-content';
const linkActive = 'bg-primary/10 text-primary';

function itemsLabel(what: string, count: number) {
  return `${what} (${count} ${count === 1 ? 'item' : 'items'})`;
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
    <NavLink
      to={to}
      aria-label={itemsLabel(label, count)}
      title={label}
      className={({ isActive }) =>
        `relative inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors ${focusRing} ${
          isActive ? linkActive : linkIdle
        }`
      }
    >
      {children}
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] font-bold leading-none text-primary-content ring-2 ring-base-100"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}

/** The "Me" disclosure menu: Dashboard and Logout. */
function MeMenu({ onLogout, name }: { onLogout: () => void; name: string | null }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className={`${linkBase} ${open ? linkActive : linkIdle} gap-1.5`}
      >
        <UserIcon className="h-4 w-4" />
        Me
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 top-full z-50 mt-2 w-56 overflow-hidden rounded-xl border border-base-200 bg-base-100 shadow-xl"
        >
          {name && (
            <p className="truncate border-b border-base-200 px-4 py-3 text-xs text-base-content/60">
              Signed in as <span className="font-semibold text-base-content">{name}</span>
            </p>
          )}
          <ul className="p-1.5">
            <li>
              <Link
                to={paths.dashboard}
                onClick={() => setOpen(false)}
                className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-base-200 ${focusRing}`}
              >
                <DashboardIcon className="h-4 w-4 text-base-content/60" />
                Dashboard
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
                className={`flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-error hover:bg-error/10 ${focusRing}`}
              >
                <LogoutIcon className="h-4 w-4" />
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/** Top navigation (spec §2): Home, Books, Login; carts, View Orders, group learning and Me when signed in. */
export function Navbar({ cartCount, courseCartCount }: Props) {
  const { status, user, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The phone menu remembers the page it was opened on, so any navigation closes it.
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  const mobileOpen = mobileOpenAt === pathname;
  const setMobileOpen = (open: boolean) => setMobileOpenAt(open ? pathname : null);
  const signedIn = status === 'signed-in';
  const signedOut = status === 'signed-out';

  const handleLogout = async () => {
    // Read before signing out: the admin flag is cleared with the session.
    const wasAdmin = isAdmin === true;
    setMobileOpen(false);
    // An admin goes to / (spec §2). Leave first, committed at once: on an admin page the guards
    // would otherwise send them to /login as soon as the session ends.
    if (wasAdmin) await navigate(paths.root, { flushSync: true });
    await signOut();
  };

  const navClass = (active: boolean) => `${linkBase} ${active ? linkActive : linkIdle}`;
  // "/home" is the same screen as "/" (the landing after login).
  const homeActive = pathname === paths.root || pathname === paths.home;
  const closeMobile = () => setMobileOpen(false);
  const displayName = user?.displayName || user?.email || null;

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

        <ul className="hidden items-center gap-1 md:flex">
          <li>
            <Link
              to={paths.root}
              className={navClass(homeActive)}
              aria-current={homeActive ? 'page' : undefined}
            >
              Home
            </Link>
          </li>
          <li>
            <NavLink to={paths.book} className={({ isActive }) => navClass(isActive)}>
              Books
            </NavLink>
          </li>
        </ul>

        <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
          <CountLink to={paths.courseCart} label="Course cart" count={courseCartCount}>
            <GraduationCapIcon />
          </CountLink>
          {signedIn && (
            <CountLink to={paths.bookCart} label="Book cart" count={cartCount}>
              <CartIcon />
            </CountLink>
          )}

          <div className="hidden items-center gap-1.5 md:flex">
            {signedIn && (
              <>
                <NavLink
                  to={paths.groupLearn}
                  aria-label="Group learning"
                  title="Group learning"
                  className={({ isActive }) =>
                    `inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors ${focusRing} ${
                      isActive ? linkActive : linkIdle
                    }`
                  }
                >
                  <UsersIcon />
                </NavLink>
                <Link
                  to={paths.bookCart}
                  className="btn btn-primary btn-sm ml-1 rounded-lg normal-case"
                >
                  View Orders
                </Link>
                <MeMenu onLogout={() => void handleLogout()} name={displayName} />
              </>
            )}
            {signedOut && (
              <NavLink
                to={paths.login}
                className={({ isActive }) =>
                  `btn btn-sm rounded-lg normal-case ${isActive ? 'btn-primary' : 'btn-outline btn-primary'}`
                }
              >
                Login
              </NavLink>
            )}
          </div>

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
            <li>
              <Link
                to={paths.root}
                onClick={closeMobile}
                className={`${navClass(homeActive)} w-full`}
                aria-current={homeActive ? 'page' : undefined}
              >
                Home
              </Link>
            </li>
            <li>
              <NavLink
                to={paths.book}
                onClick={closeMobile}
                className={({ isActive }) => `${navClass(isActive)} w-full`}
              >
                Books
              </NavLink>
            </li>
            {signedOut && (
              <li>
                <NavLink
                  to={paths.login}
                  onClick={closeMobile}
                  className={({ isActive }) => `${navClass(isActive)} w-full`}
                >
                  Login
                </NavLink>
              </li>
            )}
            {signedIn && (
              <>
                <li>
                  <NavLink
                    to={paths.bookCart}
                    onClick={closeMobile}
                    className={({ isActive }) => `${navClass(isActive)} w-full`}
                  >
                    View Orders
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.groupLearn}
                    onClick={closeMobile}
                    className={({ isActive }) => `${navClass(isActive)} w-full gap-2`}
                  >
                    <UsersIcon className="h-4 w-4" />
                    Group learning
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={paths.dashboard}
                    onClick={closeMobile}
                    className={({ isActive }) => `${navClass(isActive)} w-full gap-2`}
                  >
                    <DashboardIcon className="h-4 w-4" />
                    Dashboard
                  </NavLink>
                </li>
                <li className="mt-1 border-t border-base-200 pt-2">
                  <button
                    type="button"
                    onClick={() => void handleLogout()}
                    className={`${linkBase} w-full gap-2 text-error hover:bg-error/10`}
                  >
                    <LogoutIcon className="h-4 w-4" />
                    Logout
                  </button>
                </li>
              </>
            )}
          </ul>
        </div>
      )}
    </header>
  );
}
