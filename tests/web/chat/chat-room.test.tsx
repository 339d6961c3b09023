import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES, CHAT_REACTIONS, CHAT_ROOMS } from '@contract/chat-rules';
import { chatName } from '@/lib/chat-name';
import { accessToken } from '@/lib/access-token';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { makeAccessToken } from '@/testing/mocks/tokens';
import { renderApp } from '@/testing/render';

// The chat server at the socket edge: the screen's socket talks to the fake, which follows the
// contract (zod payloads, CHAT_MESSAGES acks, broadcasts to the room).
vi.mock('@/lib/socket', () => import('@/testing/fake-chat-socket').then((m) => m.fakeSocketModule));

const STUDENT = 'student@learntogether.test';
const ADMIN = 'admin@learntogether.test';
const student = () => buildUser({ email: STUDENT, displayName: 'Sam Student' });
const admin = () => buildUser({ email: ADMIN, displayName: 'Ada Admin' });

/** Opens /chat/JavaScript as the student (or `as`) and waits until the room is joined. */
async function enterRoom({ as = student(), isAdmin = false, route = '/chat/JavaScript' } = {}) {
  const rendered = renderApp({ route }, { auth: { user: as, isAdmin } });
  await screen.findByText('Connected');
  return rendered;
}

const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const sendForm = () => within(screen.getByRole('form', { name: 'Send a message' }));
const sendButton = () => sendForm().getByRole('button', { name: 'Send' });
const log = () => screen.getByRole('log');
/** The list item of the message whose text is `text`. */
const messageItem = (text: string) => {
  const item = within(log()).getByText(text).closest('li');
  if (!item) throw new Error(`no message item for ${text}`);
  return item;
};
/**
 * jsdom lays nothing out: give the log a 400 px window over 100 px per message, and a scrollTop
 * that the browser would clamp the same way.
 */
function layOut(element: HTMLElement) {
  const height = () => 400 + element.querySelectorAll('li').length * 100;
  const scroll = { top: 0, bottom: () => height() - 400 };
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => scroll.top,
    set: (value: number) => {
      scroll.top = Math.max(0, Math.min(value, scroll.bottom()));
    },
  });
  return scroll;
}
/** The reactions a button shows as pictures (the `<svg>`s drawn for them), in order. */
const shownPictures = (button: HTMLElement) =>
  [...button.querySelectorAll('svg')].map((svg) => svg.getAttribute('data-emoji'));
const sentMessages = () =>
  fakeChat.clients.flatMap((socket) => socket.sent.filter((sent) => sent.event === 'newMessage'));

beforeEach(() => {
  fakeChat.reset();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('chat room (/chat/{room})', { timeout: 20_000 }, () => {
  it('shows the heading, the latest 50 messages in a 400 px log, and who is online', async () => {
    fakeChat.seed('JavaScript', 60);
    fakeChat.seed('Python', 1, { userId: 'u-py', name: 'Pythonista' });
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    await enterRoom();

    expect(screen.getByRole('heading', { level: 1, name: 'JavaScript Chat Room' })).toBeVisible();
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(log()).toHaveClass('h-[400px]', 'overflow-y-auto');
    expect(await within(log()).findByText('Message 60')).toBeVisible();
    expect(within(log()).getByText('Message 11')).toBeVisible();
    expect(within(log()).queryByText('Message 10')).not.toBeInTheDocument();
    expect(within(log()).getAllByRole('listitem')).toHaveLength(50);
    // Another room's messages never show.
    expect(screen.queryByText('Pythonista')).not.toBeInTheDocument();
    expect(screen.getByText('2 online: Ada Admin, Sam Student (you)')).toBeVisible();
    expect(messageBox()).toHaveAttribute('placeholder', 'Type your message....');
  });

  it('who is online names you as the join form did, from the start', async () => {
    chatName.set('Captain Sam');
    await enterRoom();
    expect(await screen.findByText('1 online: Captain Sam (you)')).toBeVisible();
    expect(screen.getByText('Captain Sam', { selector: 'span' })).toBeVisible();
  });

  it('own messages are right-aligned with the gradient, others grey on the left, by user id not name', async () => {
    const { user } = await enterRoom();
    // Someone else using the very same display name is still someone else.
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    await act(() => ada.say('JavaScript', 'Hi from the other Sam', 'Sam Student'));

    await user.type(messageBox(), 'Hi from me{Enter}');
    await waitFor(() => expect(messageBox()).toHaveValue(''));

    const own = messageItem('Hi from me');
    const other = await waitFor(() => messageItem('Hi from the other Sam'));
    expect(own).toHaveClass('chat-end');
    const bubble = (item: HTMLElement, text: string) =>
      within(item).getByText(text).closest('.chat-bubble');
    expect(bubble(own, 'Hi from me')).toHaveClass('from-indigo-600');
    expect(other).toHaveClass('chat-start');
    expect(bubble(other, 'Hi from the other Sam')).toHaveClass('bg-base-200');
    expect(within(other).getByText('Sam Student')).toBeVisible();
  });

  it('send stays pending (disabled, spinner) until the broadcast of that very message arrives', async () => {
    const { user } = await enterRoom();
    const release = fakeChat.holdBroadcasts();

    await user.type(messageBox(), 'Hello room{Enter}');
    // Stored and acked by the server, but its broadcast has not arrived yet.
    await waitFor(() => expect(fakeChat.messagesIn('JavaScript')).toHaveLength(1));
    expect(sentMessages()).toHaveLength(1);
    expect(sendButton()).toBeDisabled();
    expect(sendButton().querySelector('.loading-spinner')).not.toBeNull();
    expect(messageBox()).toHaveValue('Hello room');
    expect(within(log()).queryByText('Hello room')).not.toBeInTheDocument();

    await act(async () => release());
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(messageBox()).toHaveValue('');
    expect(within(log()).getAllByText('Hello room')).toHaveLength(1);
  });

  it('another message arriving while ours is held keeps the send pending', async () => {
    const { user } = await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    const release = fakeChat.holdBroadcasts();
    await user.type(messageBox(), 'Mine{Enter}');
    await waitFor(() => expect(fakeChat.messagesIn('JavaScript')).toHaveLength(1));

    // Ada's message goes straight to the room (a direct broadcast, not through the hold).
    const [mine] = fakeChat.messagesIn('JavaScript');
    await act(async () => {
      fakeChat.client.deliver('getLatestMessage', {
        ...mine,
        _id: 'other-1',
        msg: 'Not yours',
        userId: 'u-ada',
        name: 'Ada Admin',
      });
    });
    expect(within(log()).getByText('Not yours')).toBeVisible();
    expect(sendButton()).toBeDisabled();
    expect(messageBox()).toHaveValue('Mine');
    expect(within(log()).queryByText('Mine')).not.toBeInTheDocument();

    await act(async () => release());
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(messageBox()).toHaveValue('');
    expect(within(log()).getByText('Mine')).toBeVisible();
  });

  it('messages stored in the same moment arrive together and show in order, once each', async () => {
    await enterRoom();
    const base = {
      room: 'JavaScript' as const,
      userId: 'u-ada',
      name: 'Ada Admin',
      time: new Date().toISOString(),
      editedAt: null,
      deleted: false,
      reactions: [],
      image: null,
    };
    await act(async () => {
      fakeChat.client.deliver('getLatestMessages', [
        { ...base, _id: '901', msg: 'First of two' },
        { ...base, _id: '902', msg: 'Second of two' },
      ]);
      // The same message again (a replay after a reconnect): shown once.
      fakeChat.client.deliver('getLatestMessage', { ...base, _id: '902', msg: 'Second of two' });
    });
    const texts = within(log())
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(texts.filter((text) => text.includes('of two'))).toEqual([
      expect.stringContaining('First of two'),
      expect.stringContaining('Second of two'),
    ]);
  });

  it('Enter sends; Shift+Enter makes a new line', async () => {
    const { user } = await enterRoom();
    await user.type(messageBox(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(messageBox()).toHaveValue('line one\nline two');
    expect(sentMessages()).toHaveLength(0);

    await user.keyboard('{Enter}');
    // (testing-library reads the two lines as one, spaced)
    const item = await waitFor(() => messageItem('line one line two'));
    expect(item).toBeInTheDocument();
    expect(sentMessages()).toHaveLength(1);
    expect(fakeChat.messagesIn('JavaScript').map((message) => message.msg)).toEqual([
      'line one\nline two',
    ]);
    await waitFor(() => expect(messageBox()).toHaveValue(''));

    // The send button sends too.
    await user.type(messageBox(), 'by button');
    await user.click(sendButton());
    expect(await within(log()).findByText('by button')).toBeVisible();
  });

  it('an empty or blank message is ignored', async () => {
    const { user } = await enterRoom();
    await user.click(sendButton());
    await user.type(messageBox(), '   {Enter}');
    await user.type(messageBox(), '{Shift>}{Enter}{/Shift}  ');
    await user.click(sendButton());
    expect(sentMessages()).toHaveLength(0);
    expect(sendButton()).toBeEnabled();
    expect(screen.getByText('No messages yet. Say hello!')).toBeVisible();
  });

  it('shows the text as plain text: <img src=x onerror=alert(1)> is no image', async () => {
    const { user } = await enterRoom();
    const attack = '<img src=x onerror=alert(1)>';
    await user.type(messageBox(), `${attack}{Enter}`);
    expect(await within(log()).findByText(attack)).toBeVisible();
    expect(log().querySelector('img')).toBeNull();
    expect(log().querySelector('[onerror]')).toBeNull();
  });

  it('formats bold, italic, code, code blocks and links; a javascript: link stays text', async () => {
    await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    await act(() =>
      ada.say(
        'JavaScript',
        [
          '**Bold** and _italic_ with `let x = 1`',
          '```',
          'function f() {',
          '  return 2;',
          '}',
          '```',
          'See [the docs](https://developer.mozilla.org/) or [this](javascript:alert(1))',
        ].join('\n'),
      ),
    );
    const item = await waitFor(() => messageItem('Bold'));
    expect(within(item).getByText('Bold').tagName).toBe('STRONG');
    expect(within(item).getByText('italic').tagName).toBe('EM');
    expect(within(item).getByText('let x = 1').tagName).toBe('CODE');
    // A code block keeps its lines and indentation.
    expect(item.querySelector('pre code')?.textContent).toBe('function f() {\n  return 2;\n}\n');
    const link = within(item).getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('href', 'https://developer.mozilla.org/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(item).queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
    expect(item.querySelector('a[href^="javascript"]')).toBeNull();
    expect(item).toHaveTextContent('[this](javascript:alert(1))');
  });

  it("the time reads 'just now', then '2 minutes ago' two minutes later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    await act(() => ada.say('JavaScript', 'Fresh news'));
    const item = await waitFor(() => messageItem('Fresh news'));
    expect(within(item).getByText('just now')).toBeVisible();

    await act(async () => vi.advanceTimersByTime(2 * 60_000));
    expect(within(item).getByText('2 minutes ago')).toBeVisible();
    expect(within(item).queryByText('just now')).not.toBeInTheDocument();
  });

  it('an error ack (the rate limit) is shown to the sender and the text stays in the box', async () => {
    const { user } = await enterRoom();
    // The same user in another tab has used up the burst of 10 (and no time passes).
    const frozen = Date.now();
    fakeChat.rateClock = () => frozen;
    const otherTab = await fakeChat.peer(STUDENT);
    await otherTab.join('JavaScript');
    for (let index = 0; index < 10; index += 1) {
      await act(() => otherTab.say('JavaScript', `burst ${index}`));
    }

    await user.type(messageBox(), 'One too many{Enter}');
    expect(await screen.findByText(CHAT_MESSAGES.rateLimited)).toBeVisible();
    expect(screen.getByText(CHAT_MESSAGES.rateLimited)).toHaveAttribute('role', 'alert');
    expect(messageBox()).toHaveValue('One too many');
    expect(sendButton()).toBeEnabled();
    expect(fakeChat.messagesIn('JavaScript').map((message) => message.msg)).not.toContain(
      'One too many',
    );
  });

  it("a message over 1000 characters is refused with the server's wording, before sending", async () => {
    const { user } = await enterRoom();
    await user.click(messageBox());
    await user.paste('x'.repeat(1001));
    await user.keyboard('{Enter}');
    expect(await screen.findByText(CHAT_MESSAGES.messageTooLong)).toBeVisible();
    expect(sentMessages()).toHaveLength(0);
  });

  it('shows "Reconnecting…" while down, keeps the text, and sends a queued message once after', async () => {
    const { user } = await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');

    act(() => fakeChat.goOffline());
    expect(await screen.findByText('Reconnecting…')).toBeVisible();
    await user.type(messageBox(), 'Sent while offline{Enter}');
    expect(sendButton()).toBeDisabled();
    expect(messageBox()).toHaveValue('Sent while offline');
    expect(fakeChat.messagesIn('JavaScript')).toHaveLength(0);

    // The network returns (the server could not recover the session): re-join, catch up, send.
    act(() => fakeChat.goOnline());
    expect(await screen.findByText('Connected')).toBeVisible();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(messageBox()).toHaveValue('');
    expect(within(log()).getAllByText('Sent while offline')).toHaveLength(1);
    expect(fakeChat.messagesIn('JavaScript').map((message) => message.msg)).toEqual([
      'Sent while offline',
    ]);
  });

  it('after a drop it fetches what it missed, once each', async () => {
    fakeChat.seed('JavaScript', 3);
    await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    await act(() => ada.say('JavaScript', 'Before the drop'));
    await within(log()).findByText('Before the drop');

    act(() => fakeChat.goOffline());
    await screen.findByText('Reconnecting…');
    // Ada keeps talking while we are away.
    await act(() => ada.say('JavaScript', 'While you were away'));
    expect(within(log()).queryByText('While you were away')).not.toBeInTheDocument();

    // The server could not recover the session: the screen re-joins and syncs since its newest.
    act(() => fakeChat.goOnline());
    expect(await within(log()).findByText('While you were away')).toBeVisible();
    expect(within(log()).getAllByText('Before the drop')).toHaveLength(1);
    expect(within(log()).getAllByRole('listitem')).toHaveLength(5);
    const sync = fakeChat.client.sent.find((sent) => sent.event === 'syncHistory');
    expect(sync?.payload).toEqual({ room: 'JavaScript', after: fakeChat.messages[3]?._id });
  });

  it('a drop socket.io recovers replays what was missed, without joining again', async () => {
    await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    act(() => fakeChat.goOffline());
    await screen.findByText('Reconnecting…');
    await act(() => ada.say('JavaScript', 'Kept for you'));

    act(() => fakeChat.goOnline({ recover: true }));
    expect(await within(log()).findByText('Kept for you')).toBeVisible();
    expect(await screen.findByText('Connected')).toBeVisible();
    const events = fakeChat.client.sent.map((sent) => sent.event);
    expect(events.filter((event) => event === 'joinRoom')).toHaveLength(1);
    expect(within(log()).getAllByText('Kept for you')).toHaveLength(1);
  });

  it('a message the recovery left out of its replay is fetched all the same, once', async () => {
    await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    await act(() => ada.say('JavaScript', 'Before the drop'));
    expect(await within(log()).findByText('Before the drop')).toBeVisible();
    act(() => fakeChat.goOffline());
    await screen.findByText('Reconnecting…');
    await act(() => ada.say('JavaScript', 'Replayed'));
    await act(() => ada.say('JavaScript', 'Slipped past the replay'));

    act(() => fakeChat.goOnline({ recover: true, lostInReplay: 1 }));
    expect(await within(log()).findByText('Slipped past the replay')).toBeVisible();
    expect(within(log()).getAllByText('Replayed')).toHaveLength(1);
    const sync = fakeChat.client.sent.find((sent) => sent.event === 'syncHistory');
    expect(sync?.payload).toEqual({
      room: 'JavaScript',
      after: fakeChat.messagesIn('JavaScript').find((m) => m.msg === 'Before the drop')?._id,
    });
  });

  it('scrolling to the top loads the 50 before, until the start of the room', async () => {
    fakeChat.seed('JavaScript', 120);
    await enterRoom();
    expect(await within(log()).findByText('Message 71')).toBeInTheDocument();
    expect(within(log()).queryByText('Message 70')).not.toBeInTheDocument();

    log().scrollTop = 0;
    fireEvent.scroll(log());
    expect(await within(log()).findByText('Message 21')).toBeInTheDocument();
    expect(within(log()).queryByText('Message 20')).not.toBeInTheDocument();
    expect(within(log()).getAllByRole('listitem')).toHaveLength(100);

    // The reader scrolls again at the top; a scroll while the first page is still being taken in
    // is ignored (one load at a time), as a reader's next scroll would be.
    await waitFor(() => {
      fireEvent.scroll(log());
      expect(within(log()).getByText('Message 1')).toBeInTheDocument();
    });
    expect(within(log()).getAllByRole('listitem')).toHaveLength(120);
    expect(within(log()).getByText('This is the start of the JavaScript chat.')).toBeVisible();
    const loads = fakeChat.client.sent.filter((sent) => sent.event === 'loadHistory');
    expect(loads).toHaveLength(2);
  });

  it('older messages go in above without moving what the reader sees', async () => {
    fakeChat.seed('JavaScript', 120);
    await enterRoom();
    await within(log()).findByText('Message 71');
    const scroll = layOut(log());
    scroll.top = 0;
    fireEvent.scroll(log());
    await within(log()).findByText('Message 21');
    // 50 messages of 100 px went in above: the one that was at the top still is.
    expect(scroll.top).toBe(50 * 100);
  });

  it('follows new messages at the bottom; scrolled up, a "New messages" pill appears instead', async () => {
    fakeChat.seed('JavaScript', 5);
    const { user } = await enterRoom();
    await within(log()).findByText('Message 5');
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    const scroll = layOut(log());
    scroll.top = scroll.bottom();
    fireEvent.scroll(log());

    await act(() => ada.say('JavaScript', 'Followed'));
    await within(log()).findByText('Followed');
    expect(scroll.top).toBe(scroll.bottom());
    expect(screen.queryByRole('button', { name: /New messages/ })).not.toBeInTheDocument();

    scroll.top = 200;
    fireEvent.scroll(log());
    await act(() => ada.say('JavaScript', 'Not followed'));
    await within(log()).findByText('Not followed');
    expect(scroll.top).toBe(200);
    await user.click(screen.getByRole('button', { name: /New messages/ }));
    expect(scroll.top).toBe(scroll.bottom());
    expect(screen.queryByRole('button', { name: /New messages/ })).not.toBeInTheDocument();
  });

  it('shows "{name} is typing…" for a few seconds', async () => {
    const { user } = await enterRoom();
    const ada = await fakeChat.peer(ADMIN, 'admin');
    await ada.join('JavaScript');
    act(() => ada.typing('JavaScript'));
    expect(await screen.findByText('Ada Admin is typing…')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Ada Admin is typing…')).toBeNull(), {
      timeout: 4500,
    });

    // Our own typing tells the room, at most once per 2 s.
    await user.type(messageBox(), 'abc');
    const typings = fakeChat.client.sent.filter((sent) => sent.event === 'typing');
    expect(typings).toEqual([
      { event: 'typing', payload: { room: 'JavaScript', name: 'Sam Student' } },
    ]);
  });

  it('an admin deletes any message, and it disappears for everyone', async () => {
    const { user } = await enterRoom({ as: admin(), isAdmin: true });
    const sam = await fakeChat.peer(STUDENT);
    const samView: string[] = [];
    sam.socket.on('messageDeleted', ((event: { id: string }) => samView.push(event.id)) as never);
    await sam.join('JavaScript');
    await act(() => sam.say('JavaScript', 'Spam spam spam'));
    await within(log()).findByText('Spam spam spam');

    await user.click(screen.getByRole('button', { name: 'Delete message from Sam Student' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(within(log()).queryByText('Spam spam spam')).not.toBeInTheDocument(),
    );
    expect(fakeChat.messagesIn('JavaScript')).toHaveLength(0);
    await waitFor(() => expect(samView).toHaveLength(1));
  });

  it('a student sees no delete control', async () => {
    fakeChat.seed('JavaScript', 2);
    await enterRoom();
    await within(log()).findByText('Message 2');
    expect(screen.queryByRole('button', { name: /^Delete message/ })).not.toBeInTheDocument();
  });

  it('a refused handshake (expired token) signs the user out and goes to /login', async () => {
    const { router, auth } = await enterRoom();
    accessToken.set('expired.token.value');
    act(() => fakeChat.goOffline());
    await screen.findByText('Reconnecting…');
    act(() => fakeChat.goOnline());

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Signed out: by the refused handshake, and perhaps also by the unread badge's 401 with the
    // same expired token, whichever comes first (signing out twice is harmless).
    expect(auth.signOutCalls).toBeGreaterThanOrEqual(1);
    expect(accessToken.get()).toBeNull();
  });

  it('the server ending the session (token expired) reconnects with a renewed token, in the room', async () => {
    const { router, auth } = await enterRoom();
    const ended = fakeChat.clients.at(-1);
    // The tab renewed its access token before the old one expired.
    const renewedExp = Math.floor(Date.now() / 1000) + 2 * 60 * 60 + 60;
    accessToken.set(makeAccessToken({ email: STUDENT, role: 'user', exp: renewedExp }));
    act(() => ended?.endSession(CHAT_MESSAGES.badToken));

    await waitFor(() => expect(ended?.connected).toBe(true));
    expect(await screen.findByText('Connected')).toBeVisible();
    const sam = await fakeChat.peer(ADMIN, 'admin');
    await sam.join('JavaScript');
    await sam.say('JavaScript', 'still with us?');
    expect(await within(log()).findByText('still with us?')).toBeVisible();
    expect(router.state.location.pathname).toBe('/chat/JavaScript');
    expect(auth.signOutCalls).toBe(0);
  });

  it('the server ending the session with no newer token signs the user out and goes to /login', async () => {
    const { router, auth } = await enterRoom();
    act(() => fakeChat.clients.at(-1)?.endSession(CHAT_MESSAGES.badToken));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(auth.signOutCalls).toBe(1);
  });

  it('an unknown room says it does not exist and links to the six rooms', async () => {
    renderApp({ route: '/chat/Cobol' }, { auth: { user: student() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This chat room does not exist' }),
    ).toBeVisible();
    expect(screen.getByText('Cobol')).toBeVisible();
    const links = within(screen.getByRole('list', { name: 'Chat rooms' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      CHAT_ROOMS.map((room) => [room, `/chat/${encodeURIComponent(room)}`]),
    );
    expect(screen.getByRole('link', { name: 'Join a room with your name' })).toHaveAttribute(
      'href',
      '/messagebox',
    );
    expect(fakeChat.clients).toHaveLength(0);
  });

  it('a room in the wrong case goes to the room itself', async () => {
    const { router } = renderApp({ route: '/chat/typescript' }, { auth: { user: student() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TypeScript Chat Room' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/chat/TypeScript');
  });

  describe('reactions, edits, own deletes and mentions', () => {
    it('reacting adds a count naming who; a second click takes yours back', async () => {
      const { user } = await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      await ada.join('JavaScript');
      const said = await act(() => ada.say('JavaScript', 'React to this'));
      if (!said.ok) throw new Error(said.error);
      const item = await waitFor(() => messageItem('React to this'));

      await user.click(within(item).getByRole('button', { name: 'Add a reaction' }));
      await user.click(within(item).getByRole('button', { name: 'React with 👍' }));
      const mine = await within(item).findByRole('button', { name: '👍 1: Sam Student' });
      expect(mine).toHaveAttribute('aria-pressed', 'true');
      expect(mine).toHaveAttribute('title', '👍 1: Sam Student');

      await act(() => ada.react('JavaScript', said.message._id, '👍'));
      await act(() => ada.react('JavaScript', said.message._id, '🎉'));
      const both = await within(item).findByRole('button', {
        name: '👍 2: Sam Student, Ada Admin',
      });
      expect(shownPictures(both)).toEqual(['👍']);
      expect(both).toHaveTextContent(/^2$/);
      expect(within(item).getByRole('button', { name: '🎉 1: Ada Admin' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );

      await user.click(within(item).getByRole('button', { name: '👍 2: Sam Student, Ada Admin' }));
      expect(await within(item).findByRole('button', { name: '👍 1: Ada Admin' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(fakeChat.messagesIn('JavaScript')[0]?.reactions).toEqual([
        { emoji: '👍', count: 1, userIds: [expect.any(String)], names: ['Ada Admin'] },
        { emoji: '🎉', count: 1, userIds: [expect.any(String)], names: ['Ada Admin'] },
      ]);
    });

    it('reactions are drawn as pictures, not as characters a browser may lack a font for', async () => {
      const { user } = await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      await ada.join('JavaScript');
      const said = await act(() => ada.say('JavaScript', 'Pictures please'));
      if (!said.ok) throw new Error(said.error);
      await act(() => ada.react('JavaScript', said.message._id, '❤️'));
      const item = await waitFor(() => messageItem('Pictures please'));

      const heart = await within(item).findByRole('button', { name: '❤️ 1: Ada Admin' });
      expect(shownPictures(heart)).toEqual(['❤️']);
      expect(heart).toHaveTextContent(/^1$/);

      await user.click(within(item).getByRole('button', { name: 'Add a reaction' }));
      const picker = within(item).getByRole('group', { name: 'Reactions' });
      const choices = within(picker).getAllByRole('button');
      expect(choices.map((choice) => choice.getAttribute('aria-label'))).toEqual(
        CHAT_REACTIONS.map((emoji) => `React with ${emoji}`),
      );
      for (const [index, choice] of choices.entries()) {
        expect(shownPictures(choice)).toEqual([CHAT_REACTIONS[index]]);
        expect(choice).toHaveTextContent(/^$/);
      }
      // Decorative and out of the tab order: the buttons' names say which reaction it is.
      const picture = heart.querySelector('svg');
      expect(picture).toHaveAttribute('aria-hidden', 'true');
      expect(picture).toHaveAttribute('focusable', 'false');
      expect(picture).toHaveAttribute('viewBox', '0 0 36 36');
      expect(item.querySelector('img')).toBeNull();
    });

    it('the picker closes on a click outside it, and on Escape back to its button', async () => {
      const { user } = await enterRoom();
      await user.type(messageBox(), 'Pick something{Enter}');
      const item = await waitFor(() => messageItem('Pick something'));
      const addReaction = within(item).getByRole('button', { name: 'Add a reaction' });
      const picker = () => within(item).queryByRole('group', { name: 'Reactions' });

      await user.click(addReaction);
      expect(addReaction).toHaveAttribute('aria-expanded', 'true');
      // A click inside the picker, between its buttons, leaves it open.
      await user.click(within(item).getByRole('group', { name: 'Reactions' }));
      expect(picker()).toBeInTheDocument();
      await user.click(screen.getByRole('heading', { level: 1, name: 'JavaScript Chat Room' }));
      expect(picker()).not.toBeInTheDocument();
      expect(addReaction).toHaveAttribute('aria-expanded', 'false');

      // Its own button is not outside: a second click on it closes it, and only once.
      await user.click(addReaction);
      await user.click(addReaction);
      expect(picker()).not.toBeInTheDocument();

      await user.click(addReaction);
      await user.tab();
      expect(
        within(within(item).getByRole('group', { name: 'Reactions' })).getByRole('button', {
          name: 'React with 👍',
        }),
      ).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(picker()).not.toBeInTheDocument();
      expect(addReaction).toHaveFocus();
      expect(fakeChat.messagesIn('JavaScript')[0]?.reactions).toEqual([]);
    });

    it('the author edits a message: everyone sees the new text, marked (edited)', async () => {
      const { user } = await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      const adaView: string[] = [];
      ada.socket.on('messageEdited', ((event: { msg: string }) =>
        adaView.push(event.msg)) as never);
      await ada.join('JavaScript');
      await user.type(messageBox(), 'Helo wrold{Enter}');
      const item = await waitFor(() => messageItem('Helo wrold'));
      expect(within(item).queryByText('(edited)')).not.toBeInTheDocument();

      await user.click(within(item).getByRole('button', { name: 'Edit your message' }));
      const editBox = within(item).getByRole('textbox', { name: 'Edited message' });
      expect(editBox).toHaveValue('Helo wrold');
      await user.clear(editBox);
      await user.type(editBox, 'Hello world{Enter}');

      const edited = await waitFor(() => messageItem('Hello world'));
      expect(within(edited).getByText('(edited)')).toBeVisible();
      expect(within(log()).queryByText('Helo wrold')).not.toBeInTheDocument();
      await waitFor(() => expect(adaView).toEqual(['Hello world']));
      // Someone else's message has no edit control.
      await act(() => ada.say('JavaScript', 'Not yours'));
      const other = await waitFor(() => messageItem('Not yours'));
      expect(
        within(other).queryByRole('button', { name: 'Edit your message' }),
      ).not.toBeInTheDocument();
    });

    it('deleting your own message leaves "Message deleted" for everyone', async () => {
      const { user } = await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      await ada.join('JavaScript');
      await user.type(messageBox(), 'Oops, wrong room{Enter}');
      const item = await waitFor(() => messageItem('Oops, wrong room'));

      await user.click(within(item).getByRole('button', { name: 'Delete your message' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.click(dialog.getByRole('button', { name: 'Delete' }));
      expect(await within(log()).findByText('Message deleted')).toBeVisible();
      expect(within(log()).queryByText('Oops, wrong room')).not.toBeInTheDocument();
      expect(fakeChat.messagesIn('JavaScript')[0]).toMatchObject({ msg: '', deleted: true });

      // Another author's delete shows the same in place of their message.
      const said = await act(() => ada.say('JavaScript', 'Never mind'));
      if (!said.ok) throw new Error(said.error);
      await within(log()).findByText('Never mind');
      await act(() => ada.deleteOwn('JavaScript', said.message._id));
      await waitFor(() => expect(within(log()).getAllByText('Message deleted')).toHaveLength(2));
      expect(within(log()).queryByText('Never mind')).not.toBeInTheDocument();
    });

    it('a shared drawing shows as a thumbnail that opens full size; its author may delete it, not edit it', async () => {
      const { user } = await enterRoom();
      const image = { url: '/api/images/img-7', width: 700, height: 500 };
      // Ada's drawing arrives as any message; it reserves its room before the picture loads.
      act(() => {
        void fakeChat.post({
          room: 'JavaScript',
          name: 'Ada Admin',
          userId: 'u-ada',
          msg: '',
          time: new Date().toISOString(),
          image,
        });
      });
      const picture = await within(log()).findByRole('img', { name: 'Drawing by Ada Admin' });
      expect(picture).toHaveAttribute('src', image.url);
      expect(picture).toHaveAttribute('width', '700');
      expect(picture).toHaveAttribute('height', '500');
      const full = within(log()).getByRole('link', {
        name: 'Open the drawing by Ada Admin full size',
      });
      expect(full).toHaveAttribute('href', image.url);
      expect(full).toHaveAttribute('target', '_blank');
      expect(full).toHaveAttribute('rel', 'noopener noreferrer');

      // The student's own drawing: Delete, no Edit (there is no text to edit).
      const you = fakeChat.client.identity?.userId ?? '';
      act(() => {
        void fakeChat.post({
          room: 'JavaScript',
          name: 'Sam Student',
          userId: you,
          msg: '',
          time: new Date().toISOString(),
          image: { ...image, url: '/api/images/img-8' },
        });
      });
      const own = (
        await within(log()).findByRole('img', { name: 'Drawing by Sam Student' })
      ).closest('li');
      if (!own) throw new Error('no list item');
      expect(
        within(own).queryByRole('button', { name: 'Edit your message' }),
      ).not.toBeInTheDocument();
      await user.click(within(own).getByRole('button', { name: 'Delete your message' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
      );
      await waitFor(() =>
        expect(
          within(log()).queryByRole('img', { name: 'Drawing by Sam Student' }),
        ).not.toBeInTheDocument(),
      );
      expect(within(log()).getByText('Message deleted')).toBeVisible();
    });

    it('past 15 minutes, or for someone else, the server refuses with a clear message', async () => {
      await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      await ada.join('JavaScript');
      const [old] = fakeChat.seed('JavaScript', 1, {
        userId: ada.socket.identity?.userId ?? '',
        name: 'Ada Admin',
      });
      if (!old) throw new Error('no seeded message');
      fakeChat.messages = fakeChat.messages.map((message) =>
        message._id === old._id
          ? { ...message, time: new Date(Date.now() - 16 * 60_000).toISOString() }
          : message,
      );
      expect(await ada.edit('JavaScript', old._id, 'late')).toEqual({
        ok: false,
        error: CHAT_MESSAGES.editWindowOver,
      });
      expect(await ada.edit('JavaScript', old._id, '   ')).toEqual({
        ok: false,
        error: CHAT_MESSAGES.emptyMessage,
      });
      expect(await ada.react('JavaScript', old._id, '💩')).toEqual({
        ok: false,
        error: CHAT_MESSAGES.unknownReaction,
      });
      const sam = await fakeChat.peer(STUDENT);
      await sam.join('JavaScript');
      const said = await ada.say('JavaScript', 'Mine');
      if (!said.ok) throw new Error(said.error);
      expect(await sam.deleteOwn('JavaScript', said.message._id)).toEqual({
        ok: false,
        error: CHAT_MESSAGES.notYourMessage,
      });
    });

    it('a message that mentions you is highlighted; @Samuel is not @Sam', async () => {
      chatName.set('Sam');
      await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      await ada.join('JavaScript');
      await act(() => ada.say('JavaScript', 'Thanks @sam, see you'));
      await act(() => ada.say('JavaScript', 'Ask @Samuel instead'));

      const mentioned = await waitFor(() => messageItem('Thanks @sam, see you'));
      expect(within(mentioned).getByText('(mentions you)')).toBeInTheDocument();
      expect(
        within(mentioned).getByText('Thanks @sam, see you').closest('.chat-bubble'),
      ).toHaveClass('ring-amber-500');
      const other = await waitFor(() => messageItem('Ask @Samuel instead'));
      expect(within(other).queryByText('(mentions you)')).not.toBeInTheDocument();
      expect(within(other).getByText('Ask @Samuel instead').closest('.chat-bubble')).toHaveClass(
        'bg-base-200',
      );
    });

    it('typing @ offers the names of who is present, by keyboard or mouse', async () => {
      const { user } = await enterRoom();
      const ada = await fakeChat.peer(ADMIN, 'admin');
      await ada.join('JavaScript');
      await screen.findByText(/^2 online: /);

      await user.type(messageBox(), 'Hi @a');
      const list = await screen.findByRole('listbox', { name: 'Mention someone' });
      const option = within(list).getByRole('option', { name: '@Ada Admin' });
      expect(option).toHaveAttribute('aria-selected', 'true');
      // You are not offered.
      expect(within(list).queryByRole('option', { name: '@Sam Student' })).not.toBeInTheDocument();
      expect(messageBox()).toHaveAttribute('aria-activedescendant', option.id);
      await user.keyboard('{Enter}');
      expect(messageBox()).toHaveValue('Hi @Ada Admin ');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(sentMessages()).toHaveLength(0);

      await user.type(messageBox(), 'and @');
      await user.click(await screen.findByRole('option', { name: '@Ada Admin' }));
      expect(messageBox()).toHaveValue('Hi @Ada Admin and @Ada Admin ');
      expect(messageBox()).toHaveFocus();

      // Escape closes the list; Enter then sends.
      await user.type(messageBox(), '@Ad');
      await screen.findByRole('listbox');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(sentMessages()).toHaveLength(1));
    });
  });
});
