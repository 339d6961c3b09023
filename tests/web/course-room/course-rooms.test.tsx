import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_DRAFT_PARAM,
  COURSE_MESSAGES,
  courseRoomId,
  lessonDiscussionDraft,
} from '@contract/course-rules';
import { CourseLearnersOnline } from '@/features/course-room/components/course-learners-online';
import { buildUser } from '@/testing/data';
import { fakeChat } from '@/testing/fake-chat-socket';
import { installFakeCanvas } from '@/testing/fake-canvas';
import { renderApp } from '@/testing/render';
import { bought } from '../learning/helpers';

// Each course's study room (issue 31 §4, docs/decisions.md D61), against the fake chat server,
// which follows the server's room rule: owners and admins only.
vi.mock('@/lib/socket', () => import('@/testing/fake-chat-socket').then((m) => m.fakeSocketModule));

const STUDENT = 'student@learntogether.test';
const OTHER = 'reader@learntogether.test';
const REACT = 'c-react';
const REACT_ROOM = courseRoomId(REACT);

const student = () => buildUser({ email: STUDENT, displayName: 'Sam Student' });

beforeEach(() => {
  fakeChat.reset();
  sessionStorage.clear();
});

describe('course rooms', { timeout: 20_000 }, () => {
  it('lists "Your course rooms" on /messagebox, each opening its study room', async () => {
    bought(REACT, { name: 'React from Zero to Hero' });
    bought('c-python', { name: 'Python for Data Science', email: OTHER });
    const { user, router } = renderApp({ route: '/messagebox' }, { auth: { user: student() } });

    const list = await screen.findByRole('list', { name: 'Your course rooms' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['React from Zero to Hero']);
    expect(links[0]).toHaveAttribute('href', `/chat/${REACT_ROOM}`);

    await user.click(within(list).getByRole('link', { name: 'React from Zero to Hero' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'React from Zero to Hero — study room',
      }),
    ).toBeVisible();
    await screen.findByText('Connected');
    expect(router.state.location.pathname).toBe(`/chat/${REACT_ROOM}`);
  });

  it('refuses a stranger with the course rule and links the course page', async () => {
    renderApp({ route: `/chat/${REACT_ROOM}` }, { auth: { user: student() } });
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent(COURSE_MESSAGES.roomRefusal);
    expect(within(alert).getByRole('link', { name: 'Go to the course' })).toHaveAttribute(
      'href',
      `/courses/${REACT}`,
    );
  });

  it('fills the message box from ?draft= without sending it, and drops it from the address', async () => {
    bought(REACT, { name: 'React from Zero to Hero' });
    const draft = lessonDiscussionDraft(REACT, 'c-react-2-1', 4, 'Hooks');
    const { router } = renderApp(
      { route: `/chat/${REACT_ROOM}?${CHAT_DRAFT_PARAM}=${encodeURIComponent(draft)}` },
      { auth: { user: student() } },
    );
    await screen.findByText('Connected');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(draft);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(`/chat/${REACT_ROOM}`);
    expect(fakeChat.messagesIn(REACT_ROOM)).toEqual([]);
  });

  it('shows a lesson path in a message as a link that opens the lesson in the app', async () => {
    bought(REACT, { name: 'React from Zero to Hero' });
    bought(REACT, { name: 'React from Zero to Hero', email: OTHER });
    const peer = await fakeChat.peer(OTHER);
    await peer.join(REACT_ROOM);
    await peer.say(
      REACT_ROOM,
      `Look at /learn/${REACT}/c-react-2-1 and ${window.location.origin}/learn/${REACT}/c-react-1-1, not <b>/learn/x</b>`,
    );
    const { user, router } = renderApp(
      { route: `/chat/${REACT_ROOM}` },
      { auth: { user: student() } },
    );
    await screen.findByText('Connected');
    const log = screen.getByRole('log');
    const lesson = await within(log).findByRole('link', { name: `/learn/${REACT}/c-react-2-1` });
    expect(lesson).toHaveAttribute('href', `/learn/${REACT}/c-react-2-1`);
    expect(lesson).not.toHaveAttribute('target');
    expect(
      within(log).getByRole('link', {
        name: `${window.location.origin}/learn/${REACT}/c-react-1-1`,
      }),
    ).toHaveAttribute('href', `/learn/${REACT}/c-react-1-1`);
    // Markup stays text; only the lesson pattern is a link.
    expect(within(log).getByText(/<b>\/learn\/x<\/b>/)).toBeInTheDocument();
    expect(within(log).getAllByRole('link')).toHaveLength(2);

    await user.click(lesson);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/learn/${REACT}/c-react-2-1`));
  });

  it('shows the course room who is on which lesson, and the player how many are online', async () => {
    bought(REACT, { name: 'React from Zero to Hero' });
    bought(REACT, { name: 'React from Zero to Hero', email: OTHER });
    fakeChat.lessons.set(`${REACT}/c-react-2-1`, { number: 4, title: 'Hooks' });
    const peer = await fakeChat.peer(OTHER);
    const presence: unknown[] = [];
    peer.socket.on('presence', (event: unknown) => presence.push(event));
    await peer.join(REACT_ROOM);

    renderApp(
      <CourseLearnersOnline
        courseId={REACT}
        lessonId="c-react-2-1"
        lessonNumber={4}
        lessonTitle="Hooks"
      />,
      { auth: { user: student() } },
    );
    expect(await screen.findByRole('status')).toHaveTextContent('2 learners online');
    await waitFor(() =>
      expect(presence.at(-1)).toMatchObject({
        room: REACT_ROOM,
        members: expect.arrayContaining([
          expect.objectContaining({ name: 'Sam Student', lesson: 'Lesson 4: Hooks' }),
        ]),
      }),
    );

    peer.leave();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 learner online'));
  });

  it('offers the owned course rooms in "Share to a room" on /drawing', async () => {
    installFakeCanvas();
    bought(REACT, { name: 'React from Zero to Hero' });
    renderApp({ route: '/drawing' }, { auth: { user: student() } });
    const group = await screen.findByRole('group', { name: 'Your course rooms' });
    const option = within(group).getByRole('option', { name: 'React from Zero to Hero' });
    expect(option).toHaveValue(REACT_ROOM);
  });
});
