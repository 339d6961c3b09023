import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as identity from '@/features/auth/api/identity';
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
type Values = { name?: string; email?: string; password?: string; confirm?: string };

async function fillAndSubmit({ user }: Rendered, values: Values) {
  await screen.findByRole('form', { name: 'Sign up' });
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@learntogether.test',
  password: 'secret12',
  confirm: 'secret12',
};

/** Firebase creates the account (signing it in) and then sets the display name in place. */
function acceptSignUp({ auth }: Rendered) {
  firebase.signUp.mockImplementation(async ({ name, email }) => {
    auth.signIn(buildUser({ email, displayName: null }));
    auth.updateUser({ displayName: name });
  });
}

describe('signup screen', () => {
  it('while the session is checked: the heading, "Checking your sign-in…", and no form yet', async () => {
    const rendered = renderApp({ route: '/signup' }, { auth: { loading: true } });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();

    await act(() => rendered.auth.signOut());
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeVisible();
  });

  it('has name, email, password, confirm password and a link to login', async () => {
    renderApp({ route: '/signup' });
    const form = await screen.findByRole('form', { name: 'Sign up' });
    for (const label of ['Name', 'Email', 'Password', 'Confirm password']) {
      expect(within(form).getByLabelText(label)).toBeInTheDocument();
    }
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/Already have an account\?/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it("requires a name: 'Name is required'", async () => {
    const rendered = renderApp({ route: '/signup' });
    await fillAndSubmit(rendered, { ...valid, name: '' });
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(firebase.signUp).not.toHaveBeenCalled();
  });

  it("shows 'Invalid email' and clears the address", async () => {
    const rendered = renderApp({ route: '/signup' });
    await fillAndSubmit(rendered, { ...valid, email: 'ada.example.com' });
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(firebase.signUp).not.toHaveBeenCalled();
  });

  it("shows 'Minimum 6 characters!' for a short password", async () => {
    const rendered = renderApp({ route: '/signup' });
    await fillAndSubmit(rendered, { ...valid, password: 'abc', confirm: 'abc' });
    expect(await screen.findByText('Minimum 6 characters!')).toBeInTheDocument();
    expect(firebase.signUp).not.toHaveBeenCalled();
  });

  it("shows \"Password's don't match\" in the password's error slot", async () => {
    const rendered = renderApp({ route: '/signup' });
    await fillAndSubmit(rendered, { ...valid, confirm: 'secret13' });

    expect(await screen.findByText("Password's don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription("Password's don't match");
    expect(screen.getByLabelText('Confirm password')).not.toHaveAccessibleDescription();
    expect(firebase.signUp).not.toHaveBeenCalled();

    // Fixing the confirmation clears the message.
    await rendered.user.clear(screen.getByLabelText('Confirm password'));
    await rendered.user.type(screen.getByLabelText('Confirm password'), 'secret12');
    await waitFor(() =>
      expect(screen.queryByText("Password's don't match")).not.toBeInTheDocument(),
    );
  });

  it('creates the account, exchanges the token, shows the new name and goes to /', async () => {
    const rendered = renderApp({ route: '/signup' });
    acceptSignUp(rendered);
    await fillAndSubmit(rendered, valid);

    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/'));
    expect(firebase.signUp).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@learntogether.test',
      password: 'secret12',
    });
    expect(localStorage.getItem('accessToken')).not.toBeNull();
    await rendered.user.click(await screen.findByRole('button', { name: 'Me' }));
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('returns to the page the visitor came from', async () => {
    const rendered = renderApp({ route: '/messagebox' });
    acceptSignUp(rendered);
    await rendered.user.click(await screen.findByRole('link', { name: 'Create an account' }));
    await fillAndSubmit(rendered, valid);
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/messagebox'));
  });

  it.each([
    ['auth/invalid-email', 'Invalid email provided, please provide a valid email'],
    [
      'auth/email-already-in-use',
      'An account with this email already exists. Log in, or reset your password.',
    ],
    ['auth/wrong-password', 'Wrong password. Intruder!!'],
  ])('a %s error shows the toast "%s"', async (code, text) => {
    firebase.signUp.mockRejectedValue({ code });
    const rendered = renderApp({ route: '/signup' });
    await fillAndSubmit(rendered, valid);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    expect(rendered.router.state.location.pathname).toBe('/signup');
  });

  it('when the token exchange fails: signed out, a toast, still on /signup', async () => {
    server.use(
      http.put(apiPath('/user/:email'), () =>
        HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      ),
    );
    const rendered = renderApp({ route: '/signup' });
    acceptSignUp(rendered);
    await fillAndSubmit(rendered, valid);

    expect(await screen.findByText('something went wrong')).toBeInTheDocument();
    await waitFor(() => expect(rendered.auth.signOutCalls).toBe(1));
    expect(rendered.router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  });
});
