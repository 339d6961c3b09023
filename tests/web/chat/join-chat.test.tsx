import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ROOMS, JOIN_CHAT_ERRORS } from '@contract/chat-rules';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { renderApp } from '@/testing/render';

// The chat room the form leads to talks to the fake chat server, not a real socket.
vi.mock('@/lib/socket', () => import('@/testing/fake-chat-socket').then((m) => m.fakeSocketModule));

const student = () =>
  buildUser({ email: 'student@learntogether.test', displayName: 'Sam Student' });

function renderJoin(user = student()) {
  return renderApp({ route: '/messagebox' }, { auth: { user } });
}

const nameInput = () => screen.getByRole('textbox', { name: 'Username' });
const roomSelect = () => screen.getByRole('combobox', { name: 'Room' });
const joinButton = () => screen.getByRole('button', { name: 'Join' });
const alert = () => screen.getByRole('alert');

beforeEach(() => {
  fakeChat.reset();
  sessionStorage.clear();
});

describe('join chat (/messagebox)', { timeout: 20_000 }, () => {
  it('prefills the Username with the display name and offers the six rooms after "Select room"', async () => {
    renderJoin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Chat' })).toBeVisible();
    expect(nameInput()).toHaveValue('Sam Student');
    const options = within(roomSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select room', ...CHAT_ROOMS]);
    expect(roomSelect()).toHaveValue('');
  });

  it('checks the name first: an empty name says so even when the room is empty too', async () => {
    const { user, router } = renderJoin();
    await screen.findByRole('heading', { name: 'Join Chat' });
    await user.clear(nameInput());
    await user.click(joinButton());
    expect(alert()).toHaveTextContent(JOIN_CHAT_ERRORS.name);
    expect(alert()).not.toHaveTextContent(JOIN_CHAT_ERRORS.room);
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');

    // A blank name is no name.
    await user.type(nameInput(), '   ');
    await user.selectOptions(roomSelect(), 'Python');
    await user.click(joinButton());
    expect(alert()).toHaveTextContent(JOIN_CHAT_ERRORS.name);
    expect(router.state.location.pathname).toBe('/messagebox');
  });

  it('then the room: a name without a room says "Please select room."', async () => {
    const { user, router } = renderJoin();
    await screen.findByRole('heading', { name: 'Join Chat' });
    await user.click(joinButton());
    expect(alert()).toHaveTextContent(JOIN_CHAT_ERRORS.room);
    expect(roomSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/messagebox');
  });

  it('goes to /chat/{room} with the name and room, clearing the error; a reload keeps both', async () => {
    const { user, router, unmount } = renderJoin();
    await screen.findByRole('heading', { name: 'Join Chat' });
    await user.click(joinButton());
    expect(alert()).toHaveTextContent(JOIN_CHAT_ERRORS.room);

    await user.clear(nameInput());
    await user.type(nameInput(), '  Sammy  ');
    await user.selectOptions(roomSelect(), 'C#');
    await user.click(joinButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'C# Chat Room' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat/C%23');
    expect(router.state.location.state).toEqual({ name: 'Sammy', room: 'C#' });
    expect(screen.getByText('Sammy')).toBeVisible();
    expect(screen.queryByText(JOIN_CHAT_ERRORS.room)).not.toBeInTheDocument();

    // A reload: the room from the address, the name from this tab's storage.
    unmount();
    renderApp({ route: '/chat/C%23' }, { auth: { user: student() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'C# Chat Room' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sammy')).toBeVisible();
  });
});
