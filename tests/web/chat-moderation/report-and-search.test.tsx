import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReportMessageButton } from '@/features/chat-moderation/components/report-message-dialog';
import { RoomSearch } from '@/features/chat-moderation/components/room-search';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

const STUDENT = 'student@learntogether.test';
const auth = { user: buildUser({ email: STUDENT, displayName: 'Sam Student' }) };

beforeEach(() => {
  fakeChat.reset();
});

describe('reporting a message', { timeout: 20_000 }, () => {
  it('asks why in a labelled dialog, and files the report', async () => {
    const [message] = fakeChat.seed('JavaScript', 1, { userId: 'u-troll', name: 'Troll' });
    if (!message) throw new Error('not seeded');
    const { user } = renderApp(<ReportMessageButton message={message} />, { auth });

    const open = screen.getByRole('button', { name: 'Report Troll’s message' });
    await user.click(open);
    const dialog = within(screen.getByRole('dialog', { name: 'Report this message' }));
    expect(dialog.getByText('Message 1')).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Spam' })).toHaveFocus();

    // "Other" needs the reason in the user's words.
    await user.click(dialog.getByRole('radio', { name: 'Other' }));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Please say what is wrong with the message.',
    );
    expect(db.chatReports).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: 'What is wrong with it?' }), 'Rude to me');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.chatReports).toMatchObject([
      { reason: 'Rude to me', reporterEmail: STUDENT, message: { _id: message._id } },
    ]);
    expect(open).toHaveFocus();
  });

  it('closes with Escape without reporting', async () => {
    const [message] = fakeChat.seed('JavaScript', 1);
    if (!message) throw new Error('not seeded');
    const { user } = renderApp(<ReportMessageButton message={message} />, { auth });
    await user.click(screen.getByRole('button', { name: /Report/ }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.chatReports).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    const { user } = renderApp(
      <ReportMessageButton
        message={{ _id: 'msg-999999', name: 'Ghost', msg: 'boo', image: null }}
      />,
      { auth },
    );
    await user.click(screen.getByRole('button', { name: 'Report Ghost’s message' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such message.');
  });
});

describe('search in a room', { timeout: 20_000 }, () => {
  it('finds earlier messages case-insensitively, newest first, a page at a time', async () => {
    fakeChat.seed('Python', 25);
    fakeChat.seed('JavaScript', 3);
    const { user } = renderApp(<RoomSearch room="Python" />, { auth });

    const box = screen.getByRole('searchbox', { name: 'Search earlier messages in Python' });
    await user.type(box, 'MESSAGE 2{Enter}');
    const results = await screen.findByRole('region', { name: 'Results for “MESSAGE 2”' });
    // Message 2, 20–25: newest first.
    await waitFor(() =>
      expect(within(results).getAllByRole('button', { name: /Grace/ })).toHaveLength(7),
    );
    const names = within(results)
      .getAllByRole('button', { name: /Grace/ })
      .map((button) => button.textContent?.replace(/^Grace.*?(Message)/, '$1'));
    expect(names).toEqual([
      'Message 25',
      'Message 24',
      'Message 23',
      'Message 22',
      'Message 21',
      'Message 20',
      'Message 2',
    ]);
    expect(within(results).queryByRole('button', { name: 'Earlier results' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'message{Enter}');
    const all = await screen.findByRole('region', { name: 'Results for “message”' });
    await waitFor(() =>
      expect(within(all).getAllByRole('button', { name: /Grace/ })).toHaveLength(20),
    );
    await user.click(within(all).getByRole('button', { name: 'Earlier results' }));
    await waitFor(() =>
      expect(within(all).getAllByRole('button', { name: /Grace/ })).toHaveLength(25),
    );
  });

  it('jumps to a result in its context and back to the live room', async () => {
    fakeChat.seed('Java', 15);
    const { user } = renderApp(<RoomSearch room="Java" />, { auth });
    await user.type(screen.getByRole('searchbox'), 'Message 8{Enter}');
    await user.click(await screen.findByRole('button', { name: /Message 8/ }));

    const context = await screen.findByRole('list', {
      name: 'The found message and the messages around it',
    });
    expect(screen.getByRole('heading', { name: 'Message in context' })).toHaveFocus();
    const items = within(context).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.match(/Message \d+/)?.[0])).toEqual([
      'Message 3',
      'Message 4',
      'Message 5',
      'Message 6',
      'Message 7',
      'Message 8',
      'Message 9',
      'Message 10',
      'Message 11',
      'Message 12',
      'Message 13',
    ]);
    expect(items[5]).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Back to results' }));
    expect(
      await screen.findByRole('region', { name: 'Results for “Message 8”' }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Message 8/ }));
    await user.click(await screen.findByRole('button', { name: 'Back to the live room' }));
    expect(screen.queryByRole('list', { name: /found message/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Results/ })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });
});
