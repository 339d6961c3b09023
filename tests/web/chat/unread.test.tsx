import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { findUser } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

// Unread counts (docs/product.md §2.16): GET /chat/unread answered by the fake chat server's own
// messages and marks, as the server keeps them; the chat room's socket reads a room by joining it.
vi.mock('@/lib/socket', () => import('@/testing/fake-chat-socket').then((m) => m.fakeSocketModule));

const STUDENT = 'student@learntogether.test';
const ADMIN = 'admin@learntogether.test';
const student = () => buildUser({ email: STUDENT, displayName: 'Sam Student' });

beforeEach(() => {
  fakeChat.reset();
  sessionStorage.clear();
});

/** The join screen's "Unread messages" row of `room`. */
async function row(room: string) {
  const list = await screen.findByRole('list', { name: 'Unread messages' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((entry) => entry.firstElementChild?.textContent === room);
  if (!item) throw new Error(`no row for ${room}`);
  return item;
}

describe('unread counts', { timeout: 20_000 }, () => {
  it('the join screen shows each room’s unread messages and mentions; the navbar the total', async () => {
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('Python');
    for (const text of ['one', 'two', 'three']) await ada.say('Python', text);
    // Sam chatted in Java as "Sam Student" before: a mention of that name counts.
    const userId = findUser(STUDENT)?._id ?? STUDENT;
    fakeChat.reads.opened(userId, 'Sam Student', 'Java', fakeChat.messages);
    await ada.join('Java');
    await ada.say('Java', 'ping @sam student, look');

    renderApp({ route: '/messagebox' }, { auth: { user: student() } });
    await waitFor(async () => expect(await row('Python')).toHaveTextContent('3 unread'));
    expect(await row('Java')).toHaveTextContent('1 mention');
    expect(await row('Java')).toHaveTextContent('1 unread');
    expect(await row('PHP')).toHaveTextContent('Nothing new');
    expect(
      await screen.findByRole('link', { name: 'Group learning (4 unread, 1 mention)' }),
    ).toBeInTheDocument();
  });

  it('opening a room reads it: back on the join screen it has nothing new', async () => {
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('Python');
    await ada.say('Python', 'hello');
    const { user } = renderApp({ route: '/messagebox' }, { auth: { user: student() } });
    await waitFor(async () => expect(await row('Python')).toHaveTextContent('1 unread'));

    await user.selectOptions(screen.getByLabelText('Room'), 'Python');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await screen.findByText('Connected');
    await act(() => ada.say('Python', 'while you are here'));
    await screen.findByText('while you are here');
    // Shown in a visible tab: the screen tells the server it was read.
    await waitFor(() =>
      expect(fakeChat.client.sent.filter((sent) => sent.event === 'markRead')).toHaveLength(1),
    );

    await user.click(screen.getByRole('link', { name: 'Change room or name' }));
    await waitFor(async () => expect(await row('Python')).toHaveTextContent('Nothing new'));
  });
});
