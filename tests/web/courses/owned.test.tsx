import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alreadyOwnedMessage } from '@contract/checkout-rules';
import { COURSE_MESSAGES } from '@contract/course-rules';
import { buildCartLine, buildUser } from '@/testing/data';
import { fakeStripe } from '@/testing/fake-stripe';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { bought } from '../learning/helpers';
import { checkoutStore } from '../checkout/helpers';

vi.mock('@/lib/stripe', () => import('@/testing/fake-stripe').then((m) => m.fakeStripeModule));

const STUDENT = 'student@learntogether.test';

const student = () => buildUser({ email: STUDENT, displayName: 'Sam Student' });

beforeEach(() => fakeStripe.reset());

describe('owned courses on /courses', { timeout: 20_000 }, () => {
  it('marks the signed-in owner’s courses "Owned — Go to course" (the player) instead of Add To Cart', async () => {
    bought('c-react', { name: 'React from Zero to Hero' });
    // Someone else's purchase changes nothing for the student.
    bought('c-python', { name: 'Python for Data Science', email: 'reader@learntogether.test' });
    renderApp({ route: '/courses' }, { auth: { user: student() } });

    const react = await screen.findByRole('article', { name: 'React from Zero to Hero' });
    const owned = await within(react).findByRole('link', { name: /^Owned/ });
    expect(owned).toHaveTextContent(COURSE_MESSAGES.ownedGoToCourse);
    expect(owned).toHaveAttribute('href', '/learn/c-react');
    expect(within(react).queryByRole('button', { name: /add to cart/i })).not.toBeInTheDocument();

    for (const name of ['Python for Data Science', 'Creative Story Writing']) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByRole('button', { name: /add to cart/i })).toBeEnabled();
      expect(within(card).queryByText('Owned')).not.toBeInTheDocument();
    }
  });

  it('shows Add To Cart everywhere to a visitor, without asking for owned courses', async () => {
    bought('c-react', { name: 'React from Zero to Hero' });
    const asked = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/courses/owned')) asked();
    });
    renderApp({ route: '/courses' });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByRole('button', { name: /add to cart/i })).toBeEnabled();
    }
    expect(screen.queryByText('Owned')).not.toBeInTheDocument();
    expect(asked).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('keeps Add To Cart when the owned courses cannot be read', async () => {
    server.use(
      http.get(apiPath('/courses/owned'), () => Response.json({ nope: true }, { status: 500 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ route: '/courses' }, { auth: { user: student() } });
    const react = await screen.findByRole('article', { name: 'React from Zero to Hero' });
    expect(within(react).getByRole('button', { name: /add to cart/i })).toBeEnabled();
    vi.restoreAllMocks();
  });

  it('shows an owned course of a saved cart as owned, out of the total, and removable', async () => {
    bought('c-react', { name: 'React from Zero to Hero' });
    const courses = [
      buildCartLine({ _id: 'c-writing', name: 'Creative Story Writing', price: 19 }),
      buildCartLine({ _id: 'c-react', name: 'React from Zero to Hero', price: 49.99 }),
    ];
    const { user, store } = renderApp(
      { route: '/cart' },
      { store: checkoutStore({ courses }), auth: { user: student() } },
    );

    const list = await screen.findByRole('list', { name: 'Course cart' });
    const [writing, react] = within(list).getAllByRole('listitem');
    const owned = await within(react as HTMLElement).findByRole('link', {
      name: COURSE_MESSAGES.ownedGoToCourse,
    });
    expect(owned).toHaveAttribute('href', '/learn/c-react');
    expect(within(writing as HTMLElement).queryByText(/Owned/)).not.toBeInTheDocument();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Total:').nextElementSibling).toHaveTextContent('$19.00');
    expect(within(summary).getByText('Total quantity').nextElementSibling).toHaveTextContent('1');

    await user.click(within(react as HTMLElement).getByRole('button', { name: /^Remove / }));
    expect(store.getState().courseCart.carts.map((line) => line._id)).toEqual(['c-writing']);
  });

  it('leaves an owned course of the cart out of the checkout: only the others are paid', async () => {
    bought('c-react', { name: 'React from Zero to Hero' });
    const courses = [
      buildCartLine({ _id: 'c-writing', name: 'Creative Story Writing', price: 19 }),
      buildCartLine({ _id: 'c-react', name: 'React from Zero to Hero', price: 49.99 }),
    ];
    renderApp(
      { route: '/paymentcard' },
      { store: checkoutStore({ source: 'courses', courses }), auth: { user: student() } },
    );

    expect(await screen.findByText('Please pay : 19.00$')).toBeVisible();
    const pending = db.payments.filter((payment) => payment.status === 'pending');
    expect(pending.map((payment) => payment.lines.map((line) => line.courseId))).toEqual([
      ['c-writing'],
    ]);
  });

  it('paying for an owned course again is refused with the server’s "You already own …"', async () => {
    bought('c-react', { name: 'React from Zero to Hero' });
    // The owned list cannot be read: the cart keeps the course, and the server refuses it.
    server.use(
      http.get(apiPath('/courses/owned'), () => Response.json({ nope: true }, { status: 500 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const courses = [
      buildCartLine({ _id: 'c-writing', name: 'Creative Story Writing', price: 19 }),
      buildCartLine({ _id: 'c-react', name: 'React from Zero to Hero', price: 49.99 }),
    ];
    renderApp(
      { route: '/paymentcard' },
      { store: checkoutStore({ source: 'courses', courses }), auth: { user: student() } },
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(alreadyOwnedMessage('React from Zero to Hero'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled());
    expect(db.payments.filter((payment) => payment.status === 'pending')).toEqual([]);
    vi.restoreAllMocks();
  });
});
