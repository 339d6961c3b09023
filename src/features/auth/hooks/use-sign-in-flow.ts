import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { AUTH_MESSAGES, authErrorMessage, isCancelledByUser } from '../auth-messages';

type Attempt = {
  /** `request`: the identity provider is working; `session`: the app is starting the session. */
  step: 'request' | 'session';
  /** The session error already known when the attempt began (so an old one is not reported). */
  errorBefore: Error | null;
};

/**
 * Runs a sign-in through the identity provider and then follows the session start (the access-token
 * exchange in AuthProvider). Errors become toasts; `busy` holds until the session is ready or failed.
 */
export function useSignInFlow() {
  const { status, lastError } = useAuth();
  const [attempt, setAttempt] = useState<Attempt | null>(null);

  const sessionFailed =
    attempt?.step === 'session' &&
    status === 'signed-out' &&
    lastError !== null &&
    lastError !== attempt.errorBefore;

  useEffect(() => {
    if (sessionFailed) notify.error(AUTH_MESSAGES.somethingWentWrong);
  }, [sessionFailed]);

  const run = useCallback(
    async (signIn: () => Promise<void>) => {
      setAttempt({ step: 'request', errorBefore: lastError });
      try {
        await signIn();
        setAttempt((current) => current && { ...current, step: 'session' });
      } catch (error) {
        setAttempt(null);
        if (!isCancelledByUser(error)) notify.error(authErrorMessage(error));
      }
    },
    [lastError],
  );

  return {
    /** A request or the session start is running: the form's buttons are disabled. */
    busy: attempt !== null && !sessionFailed,
    /** The identity provider is still working (a signed-in status may not be final yet). */
    requesting: attempt?.step === 'request',
    run,
  };
}
