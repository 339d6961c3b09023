import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getUserProfile } from '../api/user-profile';
import type { UserProfile } from '../types';

type Result = { key: string; profile: UserProfile | null; error: string | null };

/** Loads the profile of `email`; `replace()` shows saved values without a refetch. */
export function useUserProfile(email: string) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const key = `${email}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    getUserProfile(email, controller.signal)
      .then((profile) => setResult({ key, profile, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : 'Could not load your profile.';
        setResult({ key, profile: null, error: message });
      });
    return () => controller.abort();
  }, [key, email]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback(
    (profile: UserProfile) => setResult({ key, profile, error: null }),
    [key],
  );
  const current = result?.key === key ? result : null;
  return {
    profile: current?.profile ?? null,
    isLoading: current === null,
    error: current?.error ?? null,
    retry,
    replace,
  };
}
