import { get, type FieldErrors } from 'react-hook-form';
import type { CourseForm } from './course-form';
import { errorClass } from './field-styles';

/** The message of the error at `path` of the form (nested arrays included), if any. */
export function errorAt(errors: FieldErrors<CourseForm>, path: string): string | undefined {
  const error: unknown = get(errors, path);
  if (typeof error !== 'object' || error === null) return undefined;
  const message: unknown = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message !== '') return message;
  // An array's own error (e.g. "At least 2 choices") sits under `root`.
  const root: unknown = (error as { root?: { message?: unknown } }).root?.message;
  return typeof root === 'string' ? root : undefined;
}

/** A field's error under it, announced when it appears. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={errorClass}>
      {message}
    </p>
  );
}
