import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { readTokenClaims, useAuth } from '@/lib/auth';
import { buildUser } from '@/testing/data';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { fakeIdToken, makeAccessToken } from '@/testing/mocks/tokens';
import { renderApp } from '@/testing/render';

/** Shows what the auth layer tells the app. */
function SessionProbe() {
  const { status, user, isAdmin, lastError } = useAuth();
  return (
    <ul>
      <li>Status: {status}</li>
      <li>Admin: {String(isAdmin)}</li>
      <li>Name: {user?.displayName ?? 'none'}</li>
      <li>Error: {lastError ? 'yes' : 'none'}</li>
    </ul>
  );
}

type Seen = { authorization: string | null; body: unknown };

/** Records the exchange requests and lets the default handler answer them. */
function spyOnExchange(): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.put(apiPath('/user/:email'), async ({ request }) => {
      seen.push({
        authorization: request.headers.get('authorization'),
        body: await request.clone().json(),
      });
    }),
  );
  return seen;
}

const student = () => buildUser({ email: 'student@learntogether.test', displayName: 'Sam' });

describe('access-token lifecycle', () => {
  it('exchanges the Firebase ID token for an access token before the user counts as signed in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen = spyOnExchange();
    server.use(
      http.get(apiPath('/admin/:email'), async () => {
        await gate;
      }),
    );
    renderApp(<SessionProbe />, { auth: { user: student() } });

    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({
      authorization: `Bearer ${fakeIdToken('student@learntogether.test')}`,
      body: { email: 'student@learntogether.test' },
    });
    // Token stored, admin flag still unknown: still loading.
    await waitFor(() => expect(localStorage.getItem('accessToken')).not.toBeNull());
    expect(screen.getByText('Status: loading')).toBeInTheDocument();

    release();
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(screen.getByText('Admin: false')).toBeInTheDocument();
    expect(readTokenClaims(localStorage.getItem('accessToken') ?? '')?.email).toBe(
      'student@learntogether.test',
    );
  });

  it('knows an admin from GET /admin/{email}', async () => {
    renderApp(<SessionProbe />, {
      auth: { user: buildUser({ email: 'admin@learntogether.test' }) },
    });
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(screen.getByText('Admin: true')).toBeInTheDocument();
  });

  it('reuses a stored token for the same address that is not about to expire', async () => {
    const stored = makeAccessToken({ email: 'student@learntogether.test', role: 'user' });
    localStorage.setItem('accessToken', stored);
    const seen = spyOnExchange();
    const adminCalls: (string | null)[] = [];
    server.use(
      http.get(apiPath('/admin/:email'), ({ request }) => {
        adminCalls.push(request.headers.get('authorization'));
      }),
    );
    renderApp(<SessionProbe />, { auth: { user: student() } });

    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    expect(adminCalls).toEqual([`Bearer ${stored}`]);
    expect(localStorage.getItem('accessToken')).toBe(stored);
  });

  it.each([
    ['expires within a minute', { email: 'student@learntogether.test', seconds: 30 }],
    ['belongs to another address', { email: 'admin@learntogether.test', seconds: 3600 }],
  ])('exchanges again when the stored token %s', async (_, { email, seconds }) => {
    const exp = Math.floor(Date.now() / 1000) + seconds;
    localStorage.setItem('accessToken', makeAccessToken({ email, role: 'user', exp }));
    const seen = spyOnExchange();
    renderApp(<SessionProbe />, { auth: { user: student() } });

    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    expect(readTokenClaims(localStorage.getItem('accessToken') ?? '')?.email).toBe(
      'student@learntogether.test',
    );
  });

  it('a failed exchange signs out of Firebase, clears the token and reports the error', async () => {
    localStorage.setItem('accessToken', 'left-over');
    server.use(
      http.put(apiPath('/user/:email'), () =>
        HttpResponse.json(
          {
            error: { code: 'forbidden', message: 'This sign-in token belongs to another address.' },
          },
          { status: 403 },
        ),
      ),
    );
    const { auth } = renderApp(<SessionProbe />, { auth: { user: student() } });

    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(screen.getByText('Error: yes')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a 401 from a call with the access token signs the user out cleanly', async () => {
    const { auth } = renderApp(<SessionProbe />, { auth: { user: student() } });
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();

    server.use(
      http.get(apiPath('/allusers'), () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'expired' } }, { status: 401 }),
      ),
    );
    await act(() => apiClient.get('/allusers').catch(() => undefined));

    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a profile change is shown without a new exchange', async () => {
    const seen = spyOnExchange();
    const { auth } = renderApp(<SessionProbe />, { auth: { user: student() } });
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();

    auth.updateUser({ displayName: 'Samantha' });
    await act(() => auth.refreshUser());

    expect(screen.getByText('Name: Samantha')).toBeInTheDocument();
    expect(screen.getByText('Status: signed-in')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });

  it('signing out removes the access token', async () => {
    function SignOutButton() {
      const { signOut } = useAuth();
      return (
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      );
    }
    const { user, auth } = renderApp(
      <>
        <SessionProbe />
        <SignOutButton />
      </>,
      { auth: { user: student() } },
    );
    expect(await screen.findByText('Status: signed-in')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Status: signed-out')).toBeInTheDocument();
    expect(auth.signOutCalls).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByText('Error: none')).toBeInTheDocument();
  });
});
