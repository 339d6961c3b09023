import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import * as identity from '@/features/auth/api/identity';
import { IDENTITY_NOT_CONFIGURED } from '@/features/auth/components/auth-layout';
import { buildUser } from '@/testing/data';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

vi.mock('@/features/auth/api/identity', () =>
  import('@/testing/mocks/identity').then((m) => m.createIdentityMock()),
);
const firebase = vi.mocked(identity);

afterEach(() => vi.clearAllMocks());

type Rendered = ReturnType<typeof renderApp>;

/** The identity provider accepts the password: it signs the user in, as Firebase would. */
function acceptSignIn({ auth }: Rendered) {
  firebase.signIn.mockImplementation(async (email) => {
    auth.signIn(buildUser({ email, displayName: 'Sam Student' }));
  });
}

async function fillAndSubmit(rendered: Rendered, email: string, password: string) {
  const { user } = rendered;
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen', () => {
  it('has email, password, Login, Google, Forget password and a link to signup', async () => {
    renderApp({ route: '/login' });
    const form = await screen.findByRole('form', { name: 'Login' });
    expect(within(form).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Forget password' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('while the session is checked: the heading, "Checking your sign-in…", and no form yet', async () => {
    const rendered = renderApp({ route: '/login' }, { auth: { loading: true } });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    // Kept in the page (its room is the form's), but neither shown nor usable.
    expect(screen.queryByRole('form', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();

    await act(() => rendered.auth.signOut());
    expect(screen.getByRole('form', { name: 'Login' })).toBeVisible();
    expect(screen.queryByText('Checking your sign-in…')).not.toBeInTheDocument();
  });

  it('a signed-in user is taken on without ever being shown the form', async () => {
    const rendered = renderApp({ route: '/login' }, { auth: { loading: true } });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByRole('form', { name: 'Login' })).not.toBeInTheDocument();

    act(() => rendered.auth.signIn(buildUser({ email: 'sam@learntogether.test' })));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/home'));
  });

  it("shows 'Invalid email' and clears an address that is not {x}@{y}.{z}", async () => {
    const rendered = renderApp({ route: '/login' });
    await fillAndSubmit(rendered, 'student@learntogether', 'secret12');

    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email');
    expect(firebase.signIn).not.toHaveBeenCalled();
  });

  it("shows 'Minimum 6 characters!' for a short password", async () => {
    const rendered = renderApp({ route: '/login' });
    await fillAndSubmit(rendered, 'student@learntogether.test', '12345');

    expect(await screen.findByText('Minimum 6 characters!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('student@learntogether.test');
    expect(firebase.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/wrong-password', 'Wrong password. Intruder!!'],
    ['auth/invalid-credential', 'Wrong password. Intruder!!'],
    ['auth/invalid-email', 'Invalid email provided, please provide a valid email'],
    ['auth/too-many-requests', 'something went wrong'],
    // A deleted account, as the Auth Emulator answers its address (EMAIL_NOT_FOUND).
    ['auth/user-not-found', 'No account with this email. Sign up, or check the address.'],
    ['auth/network-request-failed', 'something went wrong'],
  ])('a %s error shows the toast "%s" and leaves the form usable', async (code, text) => {
    firebase.signIn.mockRejectedValue({ code });
    const rendered = renderApp({ route: '/login' });
    await fillAndSubmit(rendered, 'student@learntogether.test', 'secret12');

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(firebase.signIn).toHaveBeenCalledWith('student@learntogether.test', 'secret12');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(rendered.router.state.location.pathname).toBe('/login');
  });

  it('an error without a code shows the toast "something went wrong"', async () => {
    firebase.signIn.mockRejectedValue(new Error('offline'));
    const rendered = renderApp({ route: '/login' });
    await fillAndSubmit(rendered, 'student@learntogether.test', 'secret12');
    expect(await screen.findByText('something went wrong')).toBeInTheDocument();
  });

  it('disables the buttons while the sign-in runs', async () => {
    let finish: () => void = () => undefined;
    firebase.signIn.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    const rendered = renderApp({ route: '/login' });
    await fillAndSubmit(rendered, 'student@learntogether.test', 'secret12');

    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Forget password' })).toBeDisabled();
    finish();
  });

  it('after signing in goes to /home by default', async () => {
    const rendered = renderApp({ route: '/login' });
    acceptSignIn(rendered);
    await fillAndSubmit(rendered, 'student@learntogether.test', 'secret12');

    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/home'));
    expect(await screen.findByRole('button', { name: 'Me' })).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('a visitor sent from /dashboard logs in and lands back on /dashboard', async () => {
    const rendered = renderApp({ route: '/dashboard' });
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/login'));
    acceptSignIn(rendered);
    await fillAndSubmit(rendered, 'student@learntogether.test', 'secret12');

    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Sam Student' }),
    ).toBeInTheDocument();
  });

  it('the signup link keeps the way back to where the visitor came from', async () => {
    const rendered = renderApp({ route: '/grouplearn' });
    await rendered.user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(rendered.router.state.location.pathname).toBe('/signup');
    expect(rendered.router.state.location.state).toMatchObject({
      from: { pathname: '/grouplearn' },
    });
  });

  it('a signed-in user who opens /login is sent to /home', async () => {
    const { router } = renderApp({ route: '/login' }, { auth: { user: buildUser() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('when the access-token exchange fails: signed out again, a toast, the form usable', async () => {
    server.use(
      http.put(apiPath('/user/:email'), () =>
        HttpResponse.json(
          { error: { code: 'too_many_requests', message: 'Too many requests' } },
          { status: 429 },
        ),
      ),
    );
    const rendered = renderApp({ route: '/login' });
    acceptSignIn(rendered);
    await fillAndSubmit(rendered, 'student@learntogether.test', 'secret12');

    expect(await screen.findByText('something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(rendered.auth.signOutCalls).toBe(1));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(rendered.router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Me' })).not.toBeInTheDocument();
  });

  describe('Google sign-in', () => {
    it('signs in through the popup and goes on like a password login', async () => {
      const rendered = renderApp({ route: '/login' });
      firebase.signInWithGoogle.mockImplementation(async () => {
        rendered.auth.signIn(buildUser({ email: 'g.user@gmail.com' }));
      });
      await rendered.user.click(
        await screen.findByRole('button', { name: 'Continue with Google' }),
      );

      await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/home'));
      expect(firebase.signInWithGoogle).toHaveBeenCalledTimes(1);
    });

    it('shows the mapped toast when it fails', async () => {
      firebase.signInWithGoogle.mockRejectedValue({ code: 'auth/internal-error' });
      const { user } = renderApp({ route: '/login' });
      await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      expect(await screen.findByText('something went wrong')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    });

    it('says nothing when the user closes the popup', async () => {
      firebase.signInWithGoogle.mockRejectedValue({ code: 'auth/popup-closed-by-user' });
      const { user } = renderApp({ route: '/login' });
      await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled(),
      );
      expect(screen.queryByText('something went wrong')).not.toBeInTheDocument();
    });
  });

  describe('Forget password', () => {
    it("sends the reset mail to the typed address and shows 'email sent'", async () => {
      firebase.sendPasswordReset.mockResolvedValue();
      const { user } = renderApp({ route: '/login' });
      await user.type(await screen.findByLabelText('Email'), 'student@learntogether.test');
      await user.click(screen.getByRole('button', { name: 'Forget password' }));

      expect(await screen.findByText('email sent')).toBeInTheDocument();
      expect(firebase.sendPasswordReset).toHaveBeenCalledWith('student@learntogether.test');
    });

    it("asks for a valid address first: 'Invalid email', nothing sent", async () => {
      const { user } = renderApp({ route: '/login' });
      await user.type(await screen.findByLabelText('Email'), 'student');
      await user.click(screen.getByRole('button', { name: 'Forget password' }));

      expect(await screen.findByText('Invalid email')).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('');
      expect(firebase.sendPasswordReset).not.toHaveBeenCalled();
    });

    it('with an empty field also shows Invalid email', async () => {
      const { user } = renderApp({ route: '/login' });
      await user.click(await screen.findByRole('button', { name: 'Forget password' }));
      expect(await screen.findByText('Invalid email')).toBeInTheDocument();
      expect(firebase.sendPasswordReset).not.toHaveBeenCalled();
    });

    it('shows the mapped toast when the reset fails', async () => {
      firebase.sendPasswordReset.mockRejectedValue({ code: 'auth/invalid-email' });
      const { user } = renderApp({ route: '/login' });
      await user.type(await screen.findByLabelText('Email'), 'student@learntogether.test');
      await user.click(screen.getByRole('button', { name: 'Forget password' }));
      expect(
        await screen.findByText('Invalid email provided, please provide a valid email'),
      ).toBeInTheDocument();
    });
  });
});

describe('a build with no identity provider configured', () => {
  afterEach(() => {
    env.firebase.configured = true;
  });

  it.each([
    ['/login', 'Login'],
    ['/signup', 'Sign up'],
  ])(
    '%s says sign-in is not configured, names the variables, and calls nobody',
    async (route, form) => {
      env.firebase.configured = false;
      const rendered = renderApp({ route });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(IDENTITY_NOT_CONFIGURED);
      expect(alert).toHaveTextContent('VITE_FIREBASE_API_KEY');
      const fields = screen.getByRole('form', { name: form });
      for (const button of within(fields).getAllByRole('button')) expect(button).toBeDisabled();
      await rendered.user.click(within(fields).getAllByRole('button').at(-1) as HTMLElement);
      expect(firebase.signIn).not.toHaveBeenCalled();
      expect(firebase.signUp).not.toHaveBeenCalled();
      // Login's Google button too (signup has none).
      for (const google of screen.queryAllByRole('button', { name: /google/i })) {
        expect(google).toBeDisabled();
      }
    },
  );
});
