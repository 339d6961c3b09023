import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMutedUntil, mutedMessage } from '@contract/chat-moderation';
import type { ChatMessage } from '@contract/chat';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { db, findUser } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';
const STUDENT = 'student@learntogether.test';

let sequence = 100;
/** A report of `message` by the student, as the server would store it. */
function reportOf(message: ChatMessage, reason: string, minutesAgo = 0) {
  const { _id, room, name, msg, image, time, userId } = message;
  db.chatReports.push({
    id: String(++sequence),
    status: 'open',
    reason,
    reporterEmail: STUDENT,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    message: { _id, room, name, msg, image, time, userId },
    history: [],
  });
}

async function renderReports() {
  const rendered = renderApp(
    { route: '/dashboard/reports' },
    { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }), isAdmin: true } },
  );
  await screen.findByRole('heading', { level: 1, name: 'Reported chat messages' });
  return rendered;
}

const card = async (name: RegExp) => within(await screen.findByRole('article', { name }));

/** The sweetalert2 confirmation (rendered into document.body). */
async function confirm(button: string) {
  const dialog = within(await screen.findByRole('dialog'));
  dialog.getByRole('button', { name: button }).click();
}

beforeEach(() => {
  fakeChat.reset();
});

describe('Reports (/dashboard/reports)', { timeout: 20_000 }, () => {
  it('is in the admin menu after Performance and lists open reports, newest first, in context', async () => {
    const seeded = fakeChat.seed('PHP', 12, { userId: 'u-troll', name: 'Troll' });
    const [older, target] = [seeded[1], seeded[6]];
    if (!older || !target) throw new Error('not seeded');
    reportOf(older, 'Off-topic', 5);
    reportOf(target, 'Harassment');
    await renderReports();

    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    const links = menu.getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(-3)).toEqual(['Sales', 'Performance', 'Reports']);

    expect(await screen.findByText('2 open reports')).toBeInTheDocument();
    await screen.findAllByRole('article');
    const articles = screen.getAllByRole('article');
    expect(within(articles[0] as HTMLElement).getByText(/Harassment/)).toBeInTheDocument();
    expect(within(articles[1] as HTMLElement).getByText(/Off-topic/)).toBeInTheDocument();

    const conversation = within(articles[0] as HTMLElement).getByRole('list', {
      name: 'Conversation around Troll’s message',
    });
    const items = within(conversation).getAllByRole('listitem');
    // Five before, the message, five after.
    expect(items).toHaveLength(11);
    const current = items.find((item) => item.getAttribute('aria-current') === 'true');
    expect(current).toHaveTextContent('Message 7');
    expect(current).toHaveTextContent('Reported');
  });

  it('says when there is nothing to do', async () => {
    await renderReports();
    expect(await screen.findByText('No open reports. All quiet.')).toBeInTheDocument();
  });

  it('deletes the message for everyone after asking, and the report leaves the list', async () => {
    const [message] = fakeChat.seed('Java', 1, { userId: 'u-troll', name: 'Troll' });
    if (!message) throw new Error('not seeded');
    reportOf(message, 'Spam');
    const { user } = await renderReports();
    const report = await card(/Troll’s message in Java/);

    // Cancelled: nothing happens.
    await user.click(report.getByRole('button', { name: 'Delete message' }));
    within(await screen.findByRole('dialog'))
      .getByRole('button', { name: 'Cancel' })
      .click();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeChat.messagesIn('Java')).toHaveLength(1);

    await user.click(report.getByRole('button', { name: 'Delete message' }));
    await confirm('Yes, delete it');
    expect(await screen.findByText('No open reports. All quiet.')).toBeInTheDocument();
    expect(fakeChat.messagesIn('Java')).toHaveLength(0);
    expect(db.chatReports[0]?.status).toBe('deleted');
    expect(db.chatReports[0]?.history).toMatchObject([
      { actorEmail: ADMIN, action: 'chat.delete' },
    ]);
  });

  it('dismisses a report after asking; the message stays', async () => {
    const [message] = fakeChat.seed('Python', 1, { userId: 'u-troll', name: 'Troll' });
    if (!message) throw new Error('not seeded');
    reportOf(message, 'Spam');
    const { user } = await renderReports();
    await user.click((await card(/Troll’s message/)).getByRole('button', { name: 'Dismiss' }));
    await confirm('Yes, dismiss it');
    expect(await screen.findByText('No open reports. All quiet.')).toBeInTheDocument();
    expect(fakeChat.messagesIn('Python')).toHaveLength(1);
    expect(db.chatReports[0]?.status).toBe('dismissed');
  });

  it('mutes the author for the chosen time, shows it in the history, and their messages are refused', async () => {
    const troll = findUser(STUDENT);
    if (!troll) throw new Error('no student');
    const [message] = fakeChat.seed('C#', 1, { userId: troll._id, name: 'Sam' });
    if (!message) throw new Error('not seeded');
    reportOf(message, 'Spam');
    const { user } = await renderReports();
    const report = await card(/Sam’s message in C#/);
    await user.selectOptions(report.getByRole('combobox', { name: 'Mute for' }), '1 hour');
    await user.click(report.getByRole('button', { name: 'Mute author' }));
    await confirm('Yes, mute');

    const history = await screen.findByRole('region', { name: 'Moderation history' });
    expect(history).toHaveTextContent(`${ADMIN} muted the author for 1 hour`);
    const until = db.chatMutes.get(troll._id) ?? '';
    const minutes = (Date.parse(until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(report.getByText(formatMutedUntil(until))).toBeInTheDocument();
    // The report stays open: the admin may still delete or dismiss.
    expect(db.chatReports[0]?.status).toBe('open');

    const sam = await fakeChat.peer(STUDENT);
    await sam.join('C#');
    const refused = { ok: false, error: mutedMessage(until) };
    expect(await sam.say('C#', 'let me speak')).toEqual(refused);
    // Every write, as on the server (D53): the reported message cannot be edited, reacted to,
    // taken back, nor the board drawn on; reading stays allowed.
    expect(await sam.edit('C#', message._id, 'I was nice')).toEqual(refused);
    expect(await sam.react('C#', message._id, '👍')).toEqual(refused);
    expect(await sam.deleteOwn('C#', message._id)).toEqual(refused);
    const stroke = {
      id: 's-1',
      color: '#2244ee' as const,
      size: 3,
      points: [[1, 1] as [number, number]],
    };
    expect(await sam.draw('C#', stroke)).toEqual(refused);
    expect(await sam.joinBoard('C#')).toMatchObject({ ok: true });
    expect(fakeChat.messagesIn('C#').map((m) => [m.msg, m.reactions])).toEqual([[message.msg, []]]);
  });
});
