import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { errorMessageOr } from '@/lib/api/error-message';

/** What QueryView reads of an RTK Query result (or of a screen's own read). */
export type QueryState = {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
};

type Props = {
  query: QueryState;
  /** Shown while the first answer is on its way (a skeleton or a spinner). */
  loading: ReactNode;
  /** What a failed read says when the API gives no message of its own. */
  errorText: string;
  /** The failed state's frame (its size, so nothing moves when the answer comes). */
  errorClassName?: string;
  /** Whether the answer holds nothing to show: `empty` is shown instead. */
  isEmpty?: boolean;
  empty?: ReactNode;
  /** The answer itself; a function when it reads data that exists only once loaded. */
  children: ReactNode | (() => ReactNode);
};

/**
 * The one ladder of a screen that reads something: loading, failed (why, and Try again), empty,
 * then the content. Every screen with such states shows them the same way.
 */
export function QueryView({
  query,
  loading,
  errorText,
  errorClassName,
  isEmpty = false,
  empty,
  children,
}: Props) {
  if (query.isLoading) return loading;
  if (query.isError) {
    return (
      <LoadError
        message={errorMessageOr(query.error, errorText)}
        onRetry={() => void query.refetch()}
        className={errorClassName}
      />
    );
  }
  if (isEmpty) return empty;
  return typeof children === 'function' ? children() : children;
}
