import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES, lessonDiscussionDraft } from '@contract/course-rules';
import { db } from '@/testing/mocks/db';
import { loadScreen } from '@/app/screens';
import { renderApp } from '@/testing/render';
import { bought, progressOf, student, viewportWidth } from './helpers';

afterEach(() => vi.restoreAllMocks());

const outline = () => screen.getByRole('navigation', { name: 'Course outline' });
const progressBar = () => screen.getByRole('progressbar', { name: 'Course progress' });

function renderPlayer(route: string) {
  return renderApp({ route }, { auth: { user: student() } });
}

// Each test signs in, reads the owned courses, the course and the progress before its first
// assertion: on the shared 2-core machine that can take longer than the suite's 5 s.
configure({ asyncUtilTimeout: 15_000 });

// The screen's chunk (markdown-it and highlight.js with it) loads once, before the first test.
beforeAll(() => loadScreen('player'), 60_000);

describe('the player', { timeout: 30_000 }, () => {
  it('shows the outline beside a reading lesson, and Mark as complete ticks it and moves the percent', async () => {
    viewportWidth(1280);
    bought('c-react');
    const { user } = renderPlayer('/learn/c-react/l-jsx');

    expect(await screen.findByRole('heading', { level: 1, name: 'JSX in depth' })).toBeVisible();
    expect(screen.getByText('Lesson 3 · Reading · 10 min')).toBeVisible();
    // The markdown, with its code highlighted and no raw HTML.
    const code = document.querySelector('.lesson-content pre code');
    expect(code?.querySelector('.hljs-keyword')).not.toBeNull();
    expect(document.title).toBe('JSX in depth · React from Zero to Hero · LearnTogether');

    const current = within(outline()).getByRole('link', { current: 'page' });
    expect(current).toHaveTextContent('JSX in depth');
    expect(await screen.findByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );

    await user.click(screen.getByRole('button', { name: 'Mark as complete' }));
    expect(
      await screen.findByRole('button', { name: 'Completed ✓ — Mark as not complete' }),
    ).toBeVisible();
    expect(within(outline()).getByRole('link', { name: /^Completed:\s*JSX in depth/ })).toBe(
      current,
    );
    expect(progressBar()).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('20% complete')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Completed ✓ — Mark as not complete' }));
    expect(await screen.findByRole('button', { name: 'Mark as complete' })).toBeVisible();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    expect(within(outline()).queryByRole('link', { name: /^Completed:/ })).not.toBeInTheDocument();
  });

  it('goes to the next lesson by keyboard and moves the focus to its heading', async () => {
    viewportWidth(1280);
    bought('c-react');
    const { user, router } = renderPlayer('/learn/c-react/l-welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to React' });
    const next = screen.getByRole('link', { name: /Next →\s*Components in five minutes/ });
    next.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Components in five minutes',
    });
    expect(router.state.location.pathname).toBe('/learn/c-react/l-components');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: /Previous\s*Welcome to React/ })).toHaveAttribute(
      'href',
      '/learn/c-react/l-welcome',
    );
  });

  it('loads nothing from the video host before Play is pressed', async () => {
    viewportWidth(1280);
    bought('c-react');
    const { user } = renderPlayer('/learn/c-react/l-components');
    const play = await screen.findByRole('button', {
      name: 'Play video: Components in five minutes',
    });
    expect(document.querySelector('iframe, video')).toBeNull();
    expect(document.querySelector('img[src*="youtube"], img[src*="ytimg"]')).toBeNull();

    await user.click(play);
    const frame = document.querySelector('iframe');
    expect(frame).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/Tn6-PIqc4UM?autoplay=1',
    );
    expect(frame).toHaveAttribute('title', 'Components in five minutes');
    expect(frame).toHaveAttribute('allow', 'autoplay; fullscreen');
  });

  it('grades a quiz: a fail shows the right answers and the pass mark, a pass completes it', async () => {
    viewportWidth(1280);
    bought('c-react');
    const { user } = renderPlayer('/learn/c-react/l-quiz');
    await screen.findByRole('heading', { level: 1, name: 'Check your understanding' });

    const q1 = screen.getByRole('group', { name: /Question 1/ });
    const q2 = screen.getByRole('group', { name: /Question 2/ });
    const q3 = screen.getByRole('group', { name: /Question 3/ });
    // One answer: radios; several: checkboxes.
    expect(within(q1).getAllByRole('radio')).toHaveLength(3);
    expect(within(q2).getAllByRole('checkbox')).toHaveLength(4);

    await user.click(within(q1).getByRole('radio', { name: 'What the screen should show' }));
    await user.click(within(q2).getByRole('checkbox', { name: 'useState' }));
    await user.click(within(q3).getByRole('radio', { name: 'Assign to the variable' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('You scored 33% — not passed (pass mark 70%)')).toBeVisible();
    expect(within(q1).getByText('Correct')).toBeVisible();
    expect(within(q2).getByText('Not quite')).toBeVisible();
    // Both right choices of question 2 are marked.
    expect(within(q2).getAllByText('Right answer')).toHaveLength(2);
    expect(
      within(q3).getByRole('radio', { name: /Call its setter with a new value\s*Right answer/ }),
    ).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      within(q1).getByRole('radio', { name: 'What the screen should show' }),
    ).not.toBeChecked();
    await user.click(within(q1).getByRole('radio', { name: 'What the screen should show' }));
    await user.click(within(q2).getByRole('checkbox', { name: 'useState' }));
    await user.click(within(q2).getByRole('checkbox', { name: 'useEffect' }));
    await user.click(within(q3).getByRole('radio', { name: 'Call its setter with a new value' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('You scored 100% — passed')).toBeVisible();
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '20'));
    expect(
      within(outline()).getByRole('link', { name: /^Completed:\s*Check your understanding/ }),
    ).toBeVisible();
  });

  it('asks for every answer before it sends the quiz', async () => {
    viewportWidth(1280);
    bought('c-react');
    const { user } = renderPlayer('/learn/c-react/l-quiz');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer every question before you submit.');
  });

  it('opens a preview lesson to a visitor, and refuses a paid one with the way to buy it and Login', async () => {
    viewportWidth(1280);
    const { user } = renderApp({ route: '/learn/c-react/l-welcome' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to React' }),
    ).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as complete' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /Next →\s*Components in five minutes/ }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(COURSE_MESSAGES.buyToOpen);
    expect(within(refusal).getByRole('link', { name: 'Go to the course page' })).toHaveAttribute(
      'href',
      '/courses/c-react',
    );
    expect(within(refusal).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('refuses a signed-in non-owner a paid lesson without asking them to log in', async () => {
    viewportWidth(1280);
    renderPlayer('/learn/c-react/l-state');
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(COURSE_MESSAGES.buyToOpen);
    expect(within(refusal).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('puts the outline behind "Course outline" on a phone; Escape closes it', async () => {
    viewportWidth(390);
    bought('c-react');
    const { user } = renderPlayer('/learn/c-react/l-jsx');
    await screen.findByRole('heading', { level: 1, name: 'JSX in depth' });
    expect(screen.queryByRole('navigation', { name: 'Course outline' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Course outline' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'Course outline' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { current: 'page' })).toHaveTextContent('JSX in depth');
    expect(within(drawer).getByRole('button', { name: 'Close the course outline' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    // Choosing a lesson in it closes it and opens the lesson.
    await user.click(toggle);
    await user.click(
      within(screen.getByRole('dialog')).getByRole('link', { name: /State with useState/ }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'State with useState' }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resumes /learn/{course} at the last lesson opened, else at the first', async () => {
    viewportWidth(1280);
    bought('c-react');
    progressOf('c-react', ['l-welcome'], { lastLessonId: 'l-state' });
    const { router } = renderPlayer('/learn/c-react');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'State with useState' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/learn/c-react/l-state');
  });

  it('starts a course never opened at its first lesson', async () => {
    viewportWidth(1280);
    bought('c-react');
    const { router } = renderPlayer('/learn/c-react');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to React' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/learn/c-react/l-welcome');
  });

  it('shows "Course complete — View your certificate" once the last lesson is done', async () => {
    viewportWidth(1280);
    bought('c-react');
    progressOf('c-react', ['l-welcome', 'l-components', 'l-jsx', 'l-quiz']);
    const { user } = renderPlayer('/learn/c-react/l-state');
    await screen.findByRole('heading', { level: 1, name: 'State with useState' });
    expect(screen.queryByRole('link', { name: 'View your certificate' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Mark as complete' }));
    const link = await screen.findByRole('link', { name: 'View your certificate' });
    const [certificate] = db.certificates;
    expect(link).toHaveAttribute('href', `/certificates/${certificate?.id}`);
    expect(screen.getByText('Course complete —')).toBeVisible();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '100');
  });

  it('links "Discuss in the course room" to the room with a draft naming the lesson', async () => {
    viewportWidth(1280);
    bought('c-react');
    renderPlayer('/learn/c-react/l-state');
    const link = await screen.findByRole('link', { name: 'Discuss in the course room' });
    const draft = lessonDiscussionDraft('c-react', 'l-state', 4, 'State with useState');
    expect(link).toHaveAttribute('href', `/chat/course-c-react?draft=${encodeURIComponent(draft)}`);
  });
});
