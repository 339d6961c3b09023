import { useId, type HTMLInputTypeAttribute, type InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Props = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: HTMLInputTypeAttribute;
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'placeholder' | 'inputMode' | 'disabled' | 'onWheel' | 'min' | 'max'
>;

/** A labelled input for react-hook-form with its error message under it. */
export function TextField({ label, registration, error, type = 'text', hint, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-base-content/90">
        {label}
      </label>
      <input
        id={id}
        type={type}
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`input input-bordered w-full rounded-xl focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 ${
          error ? 'input-error' : ''
        }`}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
