import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { accessToken } from '@/lib/access-token';
import { onUnauthorized } from '@/lib/api-client';
import { AuthContext, type AuthState, type AuthStatus } from './auth-context';
import { createFirebaseAuthService, type AuthService, type AuthUser } from './auth-service';

/** The session's start and renewal, loaded with the first signed-in user (D106). */
const sessionStart = () => import('./session-start');

type Session = { status: AuthStatus; user: AuthUser | null; isAdmin: boolean | null };
type KnownStatus = Exclude<AuthStatus, 'loading'>;

const signedOut: Session = { status: 'signed-out', user: null, isAdmin: null };

type Props = { children: ReactNode; service?: AuthService };

export function AuthProvider({ children, service }: Props) {
  const [authService] = useState<AuthService>(() => service ?? createFirebaseAuthService());
  const [session, setSession] = useState<Session>({ status: 'loading', user: null, isAdmin: null });
  const [lastError, setLastError] = useState<Error | null>(null);
  // Which account the current (or pending) session is for, and a counter that retires old runs.
  const current = useRef<{ email: string | null; run: number }>({ email: null, run: 0 });

  useEffect(() => {
    const follow = (next: AuthUser | null) => {
      const active = current.current;
      if (next && active.email !== null && next.email === active.email) {
        // The same account again (a re-subscription or a profile change): keep its session.
        setSession((previous) => ({ ...previous, user: next }));
        return;
      }
      const run = ++active.run;
      active.email = next?.email ?? null;
      if (!next) {
        setSession(signedOut);
        return;
      }
      setLastError(null);
      setSession({ status: 'loading', user: next, isAdmin: null });
      sessionStart()
        .then(({ startSession }) => startSession(authService, next))
        .then(
          (isAdmin) => {
            if (active.run !== run) return;
            setSession((previous) => ({
              status: 'signed-in',
              user: previous.user ?? next,
              isAdmin,
            }));
          },
          (error: unknown) => {
            if (active.run !== run) return;
            active.email = null;
            accessToken.clear();
            setLastError(error instanceof Error ? error : new Error(String(error)));
            setSession(signedOut);
            void authService.signOut().catch(() => undefined);
          },
        );
    };
    // What the service knows at once (a visitor without a saved session is signed out) comes
    // in the effects run after hydration, and redraws the whole app, navbar and screen: as a
    // transition, React draws it in slices, where a plain update drew the whole page in one task
    // (100-170 ms on the home at 4x CPU; docs/decisions.md D52). Later news stays a plain
    // update: a guard acting on the session must never see it lag behind.
    let subscribing = true;
    const stop = authService.onChange((next) =>
      subscribing ? startTransition(() => follow(next)) : follow(next),
    );
    subscribing = false;
    return stop;
  }, [authService]);

  const signOut = useCallback(async () => {
    accessToken.clear();
    await authService.signOut();
  }, [authService]);

  useEffect(() => {
    // An expired or revoked access token ends the session cleanly.
    onUnauthorized(() => void signOut());
    return () => onUnauthorized(undefined);
  }, [signOut]);

  // While signed in, the access token is renewed silently before it expires.
  const renewedEmail = session.status === 'signed-in' ? (session.user?.email ?? null) : null;
  useEffect(() => {
    if (!renewedEmail) return;
    const active = current.current;
    const run = active.run;
    let stop: (() => void) | undefined;
    let ended = false;
    // Loaded with the first signed-in session: a visitor's start carries none of it (D104).
    void import('./token-renewal').then(({ keepTokenRenewed }) => {
      if (ended) return;
      stop = keepTokenRenewed({
        email: renewedEmail,
        exchange: () =>
          sessionStart().then(({ newAccessToken }) => newAccessToken(authService, renewedEmail)),
        // A sign-out or another account starts a new run: this one's results are dropped.
        isCurrent: () => active.run === run && active.email === renewedEmail,
        onRevoked: () => void signOut(),
      });
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [renewedEmail, authService, signOut]);

  const refreshUser = useCallback(() => authService.refreshUser(), [authService]);

  // Who waits for the session to be known (sessionKnown), told once it is.
  const known = useRef<{ status: AuthStatus; waiting: ((status: KnownStatus) => void)[] }>({
    status: session.status,
    waiting: [],
  });
  useEffect(() => {
    const { status } = session;
    known.current.status = status;
    if (status === 'loading') return;
    const waiting = known.current.waiting.splice(0);
    for (const resolve of waiting) resolve(status);
  }, [session]);
  const sessionKnown = useCallback(
    () =>
      new Promise<KnownStatus>((resolve) => {
        const { status } = known.current;
        if (status === 'loading') known.current.waiting.push(resolve);
        else resolve(status);
      }),
    [],
  );

  const value = useMemo<AuthState>(
    () => ({ ...session, lastError, signOut, refreshUser, sessionKnown }),
    [session, lastError, signOut, refreshUser, sessionKnown],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
