import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { selectCourseCartLines } from '@/features/course-cart/course-cart-slice';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

describe('courses screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the banner heading and one card per course from GET /api/courses', async () => {
    renderApp({ route: '/courses' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our Online Courses' }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const react = screen.getByRole('article', { name: 'React from Zero to Hero' });
    expect(within(react).getByRole('img', { name: 'React from Zero to Hero' })).toHaveAttribute(
      'src',
      '/images/courses/react.svg',
    );
    expect(react).toHaveTextContent('Price: $49.99');
    // Whole-dollar and one-decimal prices still show two decimals.
    expect(screen.getByRole('article', { name: 'Python for Data Science' })).toHaveTextContent(
      'Price: $39.50',
    );
    expect(screen.getByRole('article', { name: 'Creative Story Writing' })).toHaveTextContent(
      'Price: $19.00',
    );
  });

  it('lays the cards out in 1, 2 or 3 columns by screen width', async () => {
    renderApp({ route: '/courses' });
    const grid = await screen.findByRole('list', { name: 'Courses' });
    expect(grid).toHaveClass('grid', 'grid-cols-1', 'md:grid-cols-2', 'lg:grid-cols-3');
  });

  it('Add To Cart puts the course in the course cart and confirms it', async () => {
    const { user, store } = renderApp({ route: '/courses' });
    const card = await screen.findByRole('article', { name: 'Python for Data Science' });

    await user.click(within(card).getByRole('button', { name: /add to cart/i }));
    expect(within(card).getByRole('button', { name: /added/i })).toBeInTheDocument();
    expect(selectCourseCartLines(store.getState())).toEqual([
      {
        _id: 'c-python',
        name: 'Python for Data Science',
        price: 39.5,
        image: '/images/courses/python.svg',
        quantity: 1,
      },
    ]);
    expect(screen.getByRole('link', { name: 'Course cart (1 item)' })).toBeInTheDocument();

    // A course is bought once: adding it again says so and adds nothing (D62).
    await user.click(within(card).getByRole('button', { name: /added/i }));
    expect(
      within(card).getByRole('button', { name: COURSE_MESSAGES.alreadyInCart }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent(
      `Python for Data Science: ${COURSE_MESSAGES.alreadyInCart}.`,
    );
    expect(selectCourseCartLines(store.getState())).toHaveLength(1);
    expect(selectCourseCartLines(store.getState())[0]?.quantity).toBe(1);
  });

  it('a card links to its course page and shows its summary, lessons, length and rating', async () => {
    const react = db.courses.find((course) => course._id === 'c-react');
    if (!react) throw new Error('no seed course');
    Object.assign(react, {
      summary: 'Components, hooks and state, from a blank page.',
      lessons: 8,
      minutes: 135,
      rating: { average: 4.46, count: 12 },
    });
    renderApp({ route: '/courses' });

    const card = await screen.findByRole('article', { name: 'React from Zero to Hero' });
    expect(within(card).getByRole('link', { name: 'React from Zero to Hero' })).toHaveAttribute(
      'href',
      '/courses/c-react',
    );
    // One link per card (stretched over it, so the picture opens the page too).
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    // Its picture is named by the course and fetched as it nears the screen.
    expect(within(card).getByRole('img', { name: 'React from Zero to Hero' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(card).toHaveTextContent('Components, hooks and state, from a blank page.');
    expect(card).toHaveTextContent('8 lessons · 2 h 15 min');
    expect(card).toHaveTextContent('4.5 (12)');
    expect(card).toHaveTextContent('Rated 4.5 out of 5 by 12 learners');

    // Before its first rating a course shows none.
    const python = screen.getByRole('article', { name: 'Python for Data Science' });
    expect(python).toHaveTextContent('6 lessons · 1 h 35 min');
    expect(python).not.toHaveTextContent(/Rated|\(\d+\)/);
  });

  it('shows a spinner while the list loads', async () => {
    server.use(
      http.get(apiPath('/courses'), async () => {
        await delay(50);
        return HttpResponse.json([]);
      }),
    );
    renderApp({ route: '/courses' });
    expect(await screen.findByText('Loading courses…')).toBeInTheDocument();
    expect(await screen.findByText('No courses are available right now.')).toBeInTheDocument();
  });

  it('shows the error message when GET /api/courses fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(apiPath('/courses'), () => new HttpResponse(null, { status: 503 })));
    renderApp({ route: '/courses' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the courses (HTTP 503).',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
