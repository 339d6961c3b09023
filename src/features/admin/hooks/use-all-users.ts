import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { listUsers } from '../api/users';
import type { UserSummary } from '../types';

type Result = { attempt: number; users: UserSummary[]; error: string | null };

/**
 * The user list; `reload()` refetches while the current rows stay on screen (no flicker after
 * a change).
 */
export function useAllUsers() {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listUsers(controller.signal)
      .then((users) => setResult({ attempt, users, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : 'Could not load the users.';
        setResult({ attempt, users: [], error: message });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    users: result?.users ?? [],
    isLoading: result === null,
    isRefreshing: result !== null && result.attempt !== attempt,
    error: result?.error ?? null,
    reload,
  };
}
