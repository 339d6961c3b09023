import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as identity from '@/features/auth/api/identity';
import { buildUser } from '@/testing/data';
import { addUser } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

vi.mock('@/features/auth/api/identity', () =>
  import('@/testing/mocks/identity').then((m) => m.createIdentityMock()),
);
const firebase = vi.mocked(identity);

afterEach(() => vi.clearAllMocks());

const EMAIL = 'sam@learntogether.test';

function renderProfile(displayName: string | null = 'Sam Student') {
  addUser(EMAIL, 'user', {
    name: 'Sam Student',
    education: 'Dhaka University',
    phoneNumber: '01711000000',
    address: '',
    social: 'https://github.com/sam',
  });
  return renderApp(
    { route: '/dashboard' },
    {
      auth: {
        user: buildUser({
          email: EMAIL,
          displayName,
          creationTime: 'Mon, 01 Jan 2024 00:00:00 GMT',
        }),
      },
    },
  );
}

/** Records the bodies of PUT /userupdate and lets the default handler answer. */
function spyOnUpdates(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.put(apiPath('/userupdate/:email'), async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

/** Edit profile, once the profile has loaded (the button is disabled until then). */
async function openEditForm(user: ReturnType<typeof renderProfile>['user']) {
  const button = await screen.findByRole('button', { name: 'Edit profile' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('profile', () => {
  it('greets by name and shows the email, the details and an avatar letter', async () => {
    renderProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Sam Student' }),
    ).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();

    await waitFor(() => expect(detail('Education')).toHaveTextContent('Dhaka University'));
    expect(detail('Phone number')).toHaveTextContent('01711000000');
    expect(detail('Address')).toHaveTextContent('Not added yet');
    expect(within(detail('Social media link')).getByRole('link')).toHaveAttribute(
      'href',
      'https://github.com/sam',
    );
    expect(screen.getByText('S', { selector: 'span' })).toBeInTheDocument();
  });

  it("says 'empty name' and uses the email's first letter without any name", async () => {
    addUser('zoe@learntogether.test');
    renderApp(
      { route: '/dashboard' },
      { auth: { user: buildUser({ email: 'zoe@learntogether.test', displayName: null }) } },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, empty name' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Z', { selector: 'span' })).toBeInTheDocument();
    await waitFor(() => expect(detail('Education')).toHaveTextContent('Not added yet'));
  });

  it('shows the photo when the account has one', async () => {
    renderApp(
      { route: '/dashboard' },
      { auth: { user: buildUser({ photoURL: 'https://example.com/me.png' }) } },
    );
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('img[src="https://example.com/me.png"]')).not.toBeNull();
  });

  it('Edit profile opens a form with the current values; Cancel sends nothing', async () => {
    const bodies = spyOnUpdates();
    const { user } = renderProfile();
    await waitFor(() => expect(detail('Education')).toHaveTextContent('Dhaka University'));
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));

    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    expect(form.getByLabelText('Name')).toHaveValue('Sam Student');
    expect(form.getByLabelText('University')).toHaveValue('Dhaka University');
    expect(form.getByLabelText('Phone number')).toHaveAttribute('type', 'number');
    expect(form.getByLabelText('Phone number')).toHaveValue(1711000000);
    expect(form.getByLabelText('Address')).toHaveValue('');
    expect(form.getByLabelText('Social media link')).toHaveValue('https://github.com/sam');
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();

    await user.clear(form.getByLabelText('University'));
    await user.type(form.getByLabelText('University'), 'Somewhere else');
    await user.click(form.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(detail('Education')).toHaveTextContent('Dhaka University');
    expect(bodies).toHaveLength(0);
  });

  it('Update sends every field, shows the popup and the new values', async () => {
    const bodies = spyOnUpdates();
    const { user } = renderProfile();
    await waitFor(() => expect(detail('Education')).toHaveTextContent('Dhaka University'));
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));

    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.clear(form.getByLabelText('University'));
    await user.type(form.getByLabelText('University'), 'BUET');
    await user.clear(form.getByLabelText('Phone number'));
    await user.type(form.getByLabelText('Phone number'), '8801711222333');
    await user.type(form.getByLabelText('Address'), '12 Lake Road, Dhaka');
    await user.click(form.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Your profile is updated')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        email: EMAIL,
        name: 'Sam Student',
        education: 'BUET',
        social: 'https://github.com/sam',
        phoneNumber: '8801711222333',
        address: '12 Lake Road, Dhaka',
        signUpDate: '2024-01-01T00:00:00.000Z',
      },
    ]);
    // The name did not change: the identity provider is left alone.
    expect(firebase.updateDisplayName).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByText('Your profile is updated')).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(detail('Education')).toHaveTextContent('BUET');
    expect(detail('Phone number')).toHaveTextContent('8801711222333');
    expect(detail('Address')).toHaveTextContent('12 Lake Road, Dhaka');
  });

  it('a new name goes to the identity provider too and is shown in the greeting', async () => {
    const { user, auth } = renderProfile();
    firebase.updateDisplayName.mockImplementation(async (name) => {
      auth.updateUser({ displayName: name });
      return 'updated';
    });
    await openEditForm(user);
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Samira');
    await user.click(form.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Your profile is updated')).toBeInTheDocument();
    expect(firebase.updateDisplayName).toHaveBeenCalledWith('Samira');
    await user.keyboard('{Escape}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Samira' }),
    ).toBeInTheDocument();
  });

  it("says 'No user is logged in' when the identity provider has no user", async () => {
    firebase.updateDisplayName.mockResolvedValue('no-user');
    const { user } = renderProfile();
    await openEditForm(user);
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.type(form.getByLabelText('Name'), ' Jr');
    await user.click(form.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('No user is logged in')).toBeInTheDocument();
    expect(screen.queryByText('Your profile is updated')).not.toBeInTheDocument();
  });

  it("shows the server's message for a bad value and stays in edit mode", async () => {
    const { user } = renderProfile();
    await openEditForm(user);
    const form = within(screen.getByRole('form', { name: 'Edit profile' }));
    await user.clear(form.getByLabelText('Phone number'));
    await user.type(form.getByLabelText('Phone number'), '12');
    await user.click(form.getByRole('button', { name: 'Update' }));

    expect(
      await screen.findByText(
        'Phone number: Must be empty or 4-20 digits, optionally starting with +',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('a 401 while loading the profile signs the user out and back to /login', async () => {
    server.use(
      http.get(apiPath('/userprofile/:email'), () =>
        HttpResponse.json({ error: { code: 'unauthorized', message: 'expired' } }, { status: 401 }),
      ),
    );
    const { router, auth } = renderProfile();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(auth.signOutCalls).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
