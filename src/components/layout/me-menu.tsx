import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/icons/layout-icons';
import { focusRing } from './focus-ring';
import { linkActive, linkBase, linkIdle, type NavItem } from './nav-items';

type Props = {
  /** The nav items that live in this menu on wide screens (Dashboard). */
  items: readonly NavItem[];
  onLogout: () => void;
  name: string | null;
};

/** The "Me" disclosure menu: its nav items (Dashboard) and Logout. */
export function MeMenu({ items, onLogout, name }: Props) {
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
            <p className="truncate border-b border-base-200 px-4 py-3 text-xs text-base-content/70">
              Signed in as <span className="font-semibold text-base-content">{name}</span>
            </p>
          )}
          <ul className="p-1.5">
            {items.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  onClick={() => setOpen(false)}
                  className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-base-200 ${focusRing}`}
                >
                  {Icon && <Icon className="h-4 w-4 text-base-content/70" />}
                  {label}
                </Link>
              </li>
            ))}
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
