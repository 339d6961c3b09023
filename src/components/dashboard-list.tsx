import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { QueryView } from '@/components/query-view';
import { DashboardScreen } from '@/components/dashboard-screen';

type Props = {
  /** The small label over the heading (the menu's name for the screen). */
  eyebrow: string;
  headingId: string;
  heading: ReactNode;
  /** The query behind the list. */
  query: {
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  count: number;
  skeleton: ReactNode;
  /** What a failed read says when the API gives no message. */
  errorText: string;
  empty: Omit<Parameters<typeof EmptyState>[0], 'className'>;
  /** The list itself, once there is something to show. */
  children: ReactNode;
};

/**
 * A dashboard screen that lists the user's things (My Orders, My Courses): the heading, a
 * spinner while it is read again, and the loading, failed, empty and filled states.
 */
export function DashboardList({
  eyebrow,
  headingId,
  heading,
  query,
  count,
  skeleton,
  errorText,
  empty,
  children,
}: Props) {
  const { isLoading, isFetching, isError, error, refetch } = query;
  return (
    <DashboardScreen
      eyebrow={eyebrow}
      headingId={headingId}
      heading={heading}
      refreshing={isFetching && !isLoading}
    >
      <QueryView
        // A failed refresh keeps what was read.
        query={{ isLoading, isError: isError && count === 0, error, refetch }}
        loading={skeleton}
        errorText={errorText}
        isEmpty={count === 0}
        empty={
          <EmptyState
            {...empty}
            className="rounded-2xl border border-dashed border-base-300 bg-base-100 px-6 py-14"
          />
        }
      >
        {children}
      </QueryView>
    </DashboardScreen>
  );
}
