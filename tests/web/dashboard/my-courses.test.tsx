import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildShipping, buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

const STUDENT = 'student@learntogether.test';

const SHIPPING = buildShipping({ email: STUDENT, address: '12 Maple Street' });

let sequence = 0;
/** A succeeded course payment in the fake API (what the webhook leaves), paid at `paidAt`. */
function paid(
  lines: { courseId: string; name: string }[],
  paidAt: number,
  options: { email?: string; status?: 'succeeded' | 'pending' } = {},
) {
  const id = `pi_mycourses${++sequence}`;
  db.payments.push({
    id,
    clientSecret: `${id}_secret_mock`,
    email: options.email ?? STUDENT,
    source: 'courses',
    lines: lines.map((line) => ({ ...line, quantity: 1, unitPriceCents: 1900 })),
    amountCents: 1900 * lines.length,
    shipping: SHIPPING,
    status: options.status ?? 'succeeded',
    paidAt,
  });
}

function renderMyCourses() {
  return renderApp(
    { route: '/dashboard/myCourses' },
    { auth: { user: buildUser({ email: STUDENT, displayName: 'Sam Student' }) } },
  );
}

describe('My Courses', { timeout: 20_000 }, () => {
  it('lists each owned course once, newest first, with its image, name and the day it was bought', async () => {
    // Noon UTC: the same day in every time zone the tests run in.
    paid([{ courseId: 'c-react', name: 'React from Zero to Hero' }], Date.UTC(2026, 0, 15, 12));
    paid(
      [
        { courseId: 'c-writing', name: 'Creative Story Writing' },
        // Bought again in another cart: still listed once, at its first purchase.
        { courseId: 'c-react', name: 'React from Zero to Hero' },
      ],
      Date.UTC(2026, 2, 5, 12),
    );
    // Not the student's, or not paid: not listed.
    paid([{ courseId: 'c-python', name: 'Python for Data Science' }], Date.UTC(2026, 2, 6, 12), {
      email: 'reader@learntogether.test',
    });
    paid([{ courseId: 'c-python', name: 'Python for Data Science' }], Date.UTC(2026, 2, 7, 12), {
      status: 'pending',
    });
    renderMyCourses();

    expect(await screen.findByRole('heading', { level: 1, name: 'Courses you own' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'My courses' });
    const cards = within(list).getAllByRole('article');
    expect(
      cards.map((card) => [
        within(card).getByRole('heading').textContent,
        within(card).getByText(/^Bought on/).textContent,
      ]),
    ).toEqual([
      ['Creative Story Writing', 'Bought on Mar 5, 2026'],
      ['React from Zero to Hero', 'Bought on Jan 15, 2026'],
    ]);
    const react = screen.getByRole('article', { name: 'React from Zero to Hero' });
    // The image is the course's (course.json's), decorative next to the name.
    expect(react.querySelector('img')).toHaveAttribute('src', '/images/courses/react.svg');
    expect(within(react).getByText('Jan 15, 2026')).toHaveAttribute(
      'datetime',
      new Date(Date.UTC(2026, 0, 15, 12)).toISOString(),
    );
    expect(screen.queryByText('Python for Data Science')).not.toBeInTheDocument();
  });

  it('with no courses, says so and links to the courses', async () => {
    renderMyCourses();
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Browse courses/ })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('keeps a course after its order was deleted in My Orders', async () => {
    paid([{ courseId: 'c-writing', name: 'Creative Story Writing' }], Date.UTC(2026, 2, 5, 12));
    db.orders = [];
    renderMyCourses();
    expect(await screen.findByRole('article', { name: 'Creative Story Writing' })).toBeVisible();
  });

  it('shows each course’s progress with Start, Continue and the certificate', async () => {
    paid([{ courseId: 'c-react', name: 'React from Zero to Hero' }], Date.UTC(2026, 0, 15, 12));
    paid([{ courseId: 'c-writing', name: 'Creative Story Writing' }], Date.UTC(2026, 0, 16, 12));
    paid([{ courseId: 'c-python', name: 'Python for Data Science' }], Date.UTC(2026, 0, 17, 12));
    // Two of React's five lessons, the last one opened the third.
    db.progress.set(`${STUDENT} c-react`, {
      completed: new Set(['l-welcome', 'l-components']),
      lastLessonId: 'l-jsx',
      certificateId: null,
    });
    db.progress.set(`${STUDENT} c-python`, {
      completed: new Set(['l-intro', 'l-video', 'l-check']),
      lastLessonId: 'l-check',
      certificateId: 'AbCdEfGhIjKlMnOpQrStUv',
    });
    renderMyCourses();

    const react = await screen.findByRole('article', { name: 'React from Zero to Hero' });
    expect(
      within(react).getByRole('progressbar', { name: 'Progress in React from Zero to Hero' }),
    ).toHaveAttribute('aria-valuenow', '40');
    expect(within(react).getByText('40% complete')).toBeVisible();
    expect(
      within(react).getByRole('link', { name: 'Continue React from Zero to Hero' }),
    ).toHaveAttribute('href', '/learn/c-react/l-jsx');
    expect(within(react).queryByRole('link', { name: /certificate/ })).not.toBeInTheDocument();

    // Never opened: Start at the first lesson.
    const writing = screen.getByRole('article', { name: 'Creative Story Writing' });
    expect(within(writing).getByText('0% complete')).toBeVisible();
    expect(
      within(writing).getByRole('link', { name: 'Start Creative Story Writing' }),
    ).toHaveAttribute('href', '/learn/c-writing/l-intro');

    const python = screen.getByRole('article', { name: 'Python for Data Science' });
    expect(within(python).getByText('100% complete')).toBeVisible();
    expect(
      within(python).getByRole('link', { name: 'View certificate: Python for Data Science' }),
    ).toHaveAttribute('href', '/certificates/AbCdEfGhIjKlMnOpQrStUv');
  });
});
