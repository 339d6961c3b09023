import { AlertIcon } from '@/components/icons/alert-icon';

/** A list that could not be loaded: why, and a way to try again. */
export function LoadError({
  message,
  onRetry,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  /** Its frame's size and spacing, where the screen keeps room for what failed to load. */
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`alert flex flex-col items-start gap-3 border-error/30 bg-error/10 text-base-content sm:flex-row sm:items-center ${className}`}
    >
      <AlertIcon className="h-6 w-6 shrink-0 text-error" />
      <span className="flex-1">{message}</span>
      <button type="button" className="btn btn-sm rounded-lg normal-case" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
