import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { buildUser } from '@/testing/data';
import { db, type DbReview } from '@/testing/mocks/db';
import { loadScreen } from '@/app/screens';
import { renderApp } from '@/testing/render';
import { bought, progressOf, student } from './helpers';

/** An owner's parts come after the sign-in and the owned courses: slow on a busy machine. */
const SIGNED_IN = { timeout: 15_000 };

function review(index: number, rating: number, email = `learner${index}@learntogether.test`) {
  const at = new Date(Date.UTC(2026, 1, index + 1, 12)).toISOString();
  const stored: DbReview = {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    courseId: 'c-react',
    authorName: `Learner ${index}`,
    rating,
    text: `Review number ${index}`,
    createdAt: at,
    updatedAt: at,
    hidden: false,
    email,
  };
  db.reviews.push(stored);
}

// Each test signs in, reads the owned courses, the course and the progress before its first
// assertion: on the shared 2-core machine that can take longer than the suite's 5 s.
configure({ asyncUtilTimeout: 15_000 });

// The screen's chunk (markdown-it and highlight.js with it) loads once, before the first test.
beforeAll(async () => {
  await loadScreen('coursePage');
  // What tells the page its owner (a chunk of its own, for signed-in users only).
  await import('@/features/courses/components/owned-courses');
}, 60_000);

describe('the course page', { timeout: 20_000 }, () => {
  it('shows a visitor what the course teaches, its outline with the preview open, and Add To Cart', async () => {
    const { user, store } = renderApp({ route: '/courses/c-react' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'React from Zero to Hero' }),
    ).toBeVisible();
    expect(document.title).toBe('React from Zero to Hero · LearnTogether');
    expect(screen.getByText(/Build modern user interfaces/)).toBeVisible();
    expect(screen.getByText('$49.99')).toBeVisible();
    // The course's picture is the page's largest paint: fetched ahead of the rest.
    const buyBox = screen.getByRole('complementary', { name: 'Buy this course' });
    expect(buyBox.querySelector('img')).toHaveAttribute('fetchpriority', 'high');

    const outcomes = screen.getByRole('region', { name: "What you'll learn" });
    expect(within(outcomes).getAllByRole('listitem')).toHaveLength(3);

    const outline = screen.getByRole('region', { name: 'Course content' });
    expect(
      within(outline).getByRole('heading', { level: 3, name: 'Section 1: Getting started' }),
    ).toBeVisible();
    expect(within(outline).getByText('2 sections · 5 lessons · 34 min in all')).toBeVisible();
    expect(within(outline).getByText('Video · 6 min')).toBeVisible();
    expect(within(outline).getByText('Quiz · 5 min')).toBeVisible();
    // Only the preview lesson opens for someone who has not bought the course.
    const previews = within(outline).getAllByRole('link', { name: /^Preview/ });
    expect(previews).toHaveLength(1);
    expect(previews[0]).toHaveAccessibleName('Preview: Welcome to React');
    expect(previews[0]).toHaveAttribute('href', '/learn/c-react/l-welcome');

    expect(screen.queryByRole('link', { name: /go to course/i })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(store.getState().courseCart.carts).toEqual([
      {
        _id: 'c-react',
        name: 'React from Zero to Hero',
        price: 49.99,
        image: '/images/courses/react.svg',
        quantity: 1,
      },
    ]);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'React from Zero to Hero was added to your course cart.',
    );
  });

  it('offers an owner "Go to course" (the player resumes) instead of Add To Cart', async () => {
    bought('c-react');
    renderApp({ route: '/courses/c-react' }, { auth: { user: student() } });
    const go = await screen.findByRole('link', { name: 'Go to course' }, SIGNED_IN);
    expect(go).toHaveAttribute('href', '/learn/c-react');
    expect(screen.queryByRole('button', { name: 'Add To Cart' })).not.toBeInTheDocument();
  });

  it('is "Course not found" for an unknown course', async () => {
    renderApp({ route: '/courses/c-nope' });
    expect(
      await screen.findByRole('heading', { level: 1, name: COURSE_MESSAGES.notFound }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('shows the rating and the reviews ten at a time, with "Show more reviews"', async () => {
    for (let index = 1; index <= 12; index++) review(index, index % 2 === 0 ? 5 : 4);
    const { user } = renderApp({ route: '/courses/c-react' });

    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('4.5 (12 ratings)')).toBeVisible();
    const list = within(reviews).getByRole('list', { name: 'Reviews' });
    await waitFor(() => expect(within(list).getAllByText(/^Review number/)).toHaveLength(10));
    // Newest first.
    expect(within(list).getAllByText(/^Review number/)[0]).toHaveTextContent('Review number 12');
    await user.click(within(list).getByRole('button', { name: 'Show more reviews' }));
    await waitFor(() => expect(within(list).getAllByText(/^Review number/)).toHaveLength(12));
    expect(
      within(list).queryByRole('button', { name: 'Show more reviews' }),
    ).not.toBeInTheDocument();
  });

  it('lets an admin hide a review: it leaves the list and the rating; nobody else sees the button', async () => {
    review(1, 5);
    review(2, 1);
    const { user } = renderApp(
      { route: '/courses/c-react' },
      { auth: { user: buildUser({ email: 'admin@learntogether.test' }), isAdmin: true } },
    );
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('3.0 (2 ratings)')).toBeVisible();
    await user.click(
      await within(reviews).findByRole('button', { name: 'Hide review by Learner 2' }, SIGNED_IN),
    );
    await waitFor(() => expect(within(reviews).queryByText('Review number 2')).toBeNull());
    expect(await within(reviews).findByText('5.0 (1 rating)')).toBeVisible();
    expect(db.reviews.find((stored) => stored.authorName === 'Learner 2')?.hidden).toBe(true);
  });

  it('shows no Hide button to a learner', async () => {
    review(1, 5);
    bought('c-react');
    renderApp({ route: '/courses/c-react' }, { auth: { user: student() } });
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('Review number 1')).toBeVisible();
    await screen.findByRole('link', { name: 'Go to course' }, SIGNED_IN);
    expect(within(reviews).queryByRole('button', { name: /^Hide review/ })).toBeNull();
  });

  it('lets an owner who completed a lesson rate the course, and edit the rating later', async () => {
    bought('c-react');
    progressOf('c-react', ['l-welcome']);
    const { user } = renderApp({ route: '/courses/c-react' }, { auth: { user: student() } });

    const form = await screen.findByRole('form', { name: 'Rate this course' }, SIGNED_IN);
    const stars = within(form).getByRole('group', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(stars).getByRole('radio', { name: '4 stars' }));
    const text = within(form).getByRole('textbox', { name: 'Your review (optional)' });
    await user.type(text, 'Clear and short.');
    expect(within(form).getByText('16 / 2000 characters')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Your review was saved.')).toBeVisible();
    expect(db.reviews).toMatchObject([
      { courseId: 'c-react', rating: 4, text: 'Clear and short.', authorName: 'Sam Student' },
    ]);
    // The page's rating, at the top and over the reviews, reads the new one.
    await waitFor(() => expect(screen.getAllByText('4.0 (1 rating)')).toHaveLength(2));
  });

  it('prefills the owner’s own review to edit it', async () => {
    bought('c-react');
    progressOf('c-react', ['l-welcome']);
    review(1, 3, 'student@learntogether.test');
    renderApp({ route: '/courses/c-react' }, { auth: { user: student() } });
    const form = await screen.findByRole('form', { name: 'Edit your rating' }, SIGNED_IN);
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Your review (optional)' })).toHaveValue(
      'Review number 1',
    );
  });

  it('tells an owner with no completed lesson why they cannot rate yet', async () => {
    bought('c-react');
    renderApp({ route: '/courses/c-react' }, { auth: { user: student() } });
    expect(
      await screen.findByText(COURSE_MESSAGES.reviewNeedsProgress, {}, SIGNED_IN),
    ).toBeVisible();
    expect(screen.queryByRole('form', { name: /rate this course/i })).not.toBeInTheDocument();
  });
});
