import type { ReactNode } from 'react';

type Props = {
  /** The form is being sent: a spinner before the label. */
  busy: boolean;
  /** Disabled while busy, unless the form says otherwise. */
  disabled?: boolean;
  className: string;
  children: ReactNode;
};

/** A form's submit button, with a spinner while the form is sent. */
export function SubmitButton({ busy, disabled = busy, className, children }: Props) {
  return (
    <button type="submit" disabled={disabled} className={className}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
