import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { readTokenClaims, useAuth } from '@/lib/auth';
import { RENEW_BEFORE_EXPIRY_MS, RENEWAL_SPREAD_MS } from '@/lib/auth/token-renewal';
import { buildUser } from '@/testing/data';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeIdToken, makeAccessToken } from '@/testing/mocks/tokens';
import { renderApp } from '@/testing/render';

const EMAIL = 'student@learntogether.test';
const MINUTE = 60_000;
const student = () => buildUser({ email: EMAIL, displayName: 'Sam' });

function SessionProbe() {
  const { status, signOut } = useAuth();
  return (
    <>
      <p>Status: {status}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

const storedToken = () => localStorage.getItem('accessToken') ?? '';
/** When a token expires, in ms (as Date.now() counts). */
const expiryOf = (token: string) => (readTokenClaims(token)?.exp ?? 0) * 1000;

/** Moves the (fake) clock on one minute at a time, letting due timers and their requests run. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= MINUTE) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(left, MINUTE)));
  }
}

/** Records each token exchange; the default handler answers it. */
function spyOnExchange(): number[] {
  const times: number[] = [];
  server.use(
    http.put(apiPath('/user/:email'), () => {
      times.push(Date.now());
    }),
  );
  return times;
}

/** What an active user does: one API call with the stored access token. */
async function callTheApi() {
  await act(() => apiClient.get('/carts'));
}

async function signIn() {
  const rendered = renderApp(<SessionProbe />, { auth: { user: student() } });
  expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
  // The renewal starts in an effect of that render, which React may not have run yet.
  await act(async () => undefined);
  return rendered;
}

beforeEach(() => {
  // Fake Date and timers; they also move with real time, so msw's and React's promises settle.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('access-token renewal in an open tab', () => {
  it('keeps a user active for 3 hours signed in, renewing before each expiry with the current ID token', async () => {
    // Firebase's getIdToken() gives the ID token of the moment (it refreshes a stale one itself).
    let currentIdToken = fakeIdToken(EMAIL);
    const exchanges: { at: number; bearer: string | null; current: string; token: string }[] = [];
    server.use(
      http.put(apiPath('/user/:email'), ({ request }) => {
        const token = makeAccessToken({ email: EMAIL, role: 'user' });
        exchanges.push({
          at: Date.now(),
          bearer: request.headers.get('authorization'),
          current: currentIdToken,
          token,
        });
        return HttpResponse.json({ token });
      }),
    );
    const calls: { at: number; token: string }[] = [];
    server.use(
      http.get(apiPath('/carts'), ({ request }) => {
        const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
        calls.push({ at: Date.now(), token });
      }),
    );
    const { auth } = await signIn();
    let refreshes = 0;
    vi.spyOn(auth, 'getIdToken').mockImplementation(async () => {
      currentIdToken = `${fakeIdToken(EMAIL)}#refresh-${++refreshes}`;
      return currentIdToken;
    });

    for (let minutes = 10; minutes <= 180; minutes += 10) {
      await advance(10 * MINUTE);
      await callTheApi();
    }

    expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(0);
    expect(calls).toHaveLength(18);
    for (const call of calls) expect(expiryOf(call.token)).toBeGreaterThan(call.at);
    // The sign-in's exchange, then one renewal shortly before that token's 2 hours ran out.
    expect(exchanges).toHaveLength(2);
    const [signInExchange, renewal] = exchanges;
    if (!signInExchange || !renewal) throw new Error('unreachable');
    expect(renewal.bearer).toBe(`Bearer ${renewal.current}`);
    expect(renewal.current).not.toBe(signInExchange.current);
    const expiry = expiryOf(signInExchange.token);
    expect(renewal.at).toBeLessThan(expiry);
    expect(renewal.at).toBeGreaterThanOrEqual(expiry - RENEW_BEFORE_EXPIRY_MS - RENEWAL_SPREAD_MS);
    expect(storedToken()).toBe(renewal.token);
  });

  it.each([401, 403])(
    'signs out a user whose renewal is refused with %i (account deleted or disabled)',
    async (status) => {
      const { auth } = await signIn();
      server.use(
        http.put(apiPath('/user/:email'), () =>
          HttpResponse.json({ error: { code: 'refused', message: 'No.' } }, { status }),
        ),
      );

      await advance(120 * MINUTE);

      expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
      expect(auth.signOutCalls).toBe(1);
      expect(localStorage.getItem('accessToken')).toBeNull();
    },
  );

  it.each([
    ['a network error', () => HttpResponse.error()],
    [
      'a 503',
      () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'Later' } }, { status: 503 }),
    ],
  ])(
    'keeps the session on %s, retries later and renews once the server is back',
    async (_, failure) => {
      const { auth } = await signIn();
      const first = storedToken();
      let reachable = false;
      const tries: number[] = [];
      server.use(
        http.put(apiPath('/user/:email'), () => {
          tries.push(Date.now());
          if (!reachable) return failure();
        }),
      );

      // Renewal is due 5–6 minutes before the expiry at 120 minutes; the server is down.
      await advance(116 * MINUTE);
      expect(tries.length).toBeGreaterThanOrEqual(1);
      expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
      expect(storedToken()).toBe(first);

      reachable = true;
      await advance(5 * MINUTE);

      expect(storedToken()).not.toBe(first);
      expect(expiryOf(storedToken())).toBeGreaterThan(Date.now() + 60 * MINUTE);
      // Retried with a pause, never in a tight loop.
      for (let index = 1; index < tries.length; index += 1) {
        expect((tries[index] ?? 0) - (tries[index - 1] ?? 0)).toBeGreaterThanOrEqual(30_000);
      }
      expect(tries.length).toBeGreaterThanOrEqual(2);
      // The first token has expired by now; the renewed one carries on.
      expect(expiryOf(first)).toBeLessThan(Date.now());
      await callTheApi();
      expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
      expect(auth.signOutCalls).toBe(0);
    },
  );

  it('renews at once when a hidden tab comes back after the token expired', async () => {
    const exchanges = spyOnExchange();
    const { auth } = await signIn();
    expect(exchanges).toHaveLength(1);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));

    // The laptop sleeps for 3 hours: the clock moves on, the tab's timers do not fire.
    act(() => vi.setSystemTime(Date.now() + 180 * MINUTE));
    expect(expiryOf(storedToken())).toBeLessThan(Date.now());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(exchanges).toHaveLength(1);

    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));

    await waitFor(() => expect(exchanges).toHaveLength(2));
    await waitFor(() => expect(expiryOf(storedToken())).toBeGreaterThan(Date.now()));
    await callTheApi();
    expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(0);
  });

  it("takes another tab's renewal instead of renewing again, and plans the next from it", async () => {
    const exchanges = spyOnExchange();
    await signIn();

    await advance(100 * MINUTE);
    // Another tab of the same browser renewed; this tab hears of it through the storage event.
    const fromOtherTab = makeAccessToken({ email: EMAIL, role: 'user' });
    localStorage.setItem('accessToken', fromOtherTab);
    act(
      () =>
        void window.dispatchEvent(
          new StorageEvent('storage', { key: 'accessToken', newValue: fromOtherTab }),
        ),
    );

    // Past the first token's renewal point and expiry: nothing exchanged.
    await advance(30 * MINUTE);
    expect(exchanges).toHaveLength(1);
    expect(storedToken()).toBe(fromOtherTab);

    // Shortly before the other tab's token runs out, this tab renews it.
    await advance(90 * MINUTE);
    expect(exchanges).toHaveLength(2);
    expect(exchanges[1]).toBeLessThan(expiryOf(fromOtherTab));
    expect(storedToken()).not.toBe(fromOtherTab);
  });

  it('a renewal still under way when the user signs out stores nothing', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await signIn();
    let renewals = 0;
    server.use(
      http.put(apiPath('/user/:email'), async () => {
        renewals += 1;
        await gate;
      }),
    );

    await advance(116 * MINUTE);
    expect(renewals).toBe(1);
    act(() => screen.getByRole('button', { name: 'Sign out' }).click());
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();

    // The server answers the renewal after all (with a valid token): it is dropped.
    release();
    await advance(10 * MINUTE);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
