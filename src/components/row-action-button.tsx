import type { ReactNode } from 'react';

type Props = {
  /** The visible word (Delete, Remove, Make admin…). */
  children: ReactNode;
  /** The accessible name: the action and what it acts on ("Delete ada@…"). */
  label: string;
  icon: ReactNode;
  /** While its request runs: a spinner in place of the icon, and no second click. */
  busy: boolean;
  /** `danger` for an action that removes something. */
  tone?: 'danger' | 'neutral';
  disabled?: boolean;
  onClick: () => void;
};

/** A small button in an admin table's row; its request is confirmed by the caller first. */
export function RowActionButton({
  children,
  label,
  icon,
  busy,
  tone = 'danger',
  disabled = false,
  onClick,
}: Props) {
  const toneClass = tone === 'danger' ? 'btn-ghost text-error hover:bg-error/10' : 'btn-outline';
  return (
    <button
      type="button"
      aria-label={label}
      disabled={busy || disabled}
      onClick={onClick}
      className={`btn btn-xs gap-1 whitespace-nowrap rounded-lg normal-case sm:btn-sm ${toneClass}`}
    >
      {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
