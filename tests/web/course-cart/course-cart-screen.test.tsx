import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { selectCheckoutSource, selectCheckoutTotalCents } from '@/features/checkout/checkout-slice';
import { buildCartLine, buildUser } from '@/testing/data';
import { renderApp } from '@/testing/render';

function cartStore(...lines: ReturnType<typeof buildCartLine>[]) {
  return makeStore({ persist: false, preloadedState: { courseCart: { carts: lines } } });
}

const react = buildCartLine({ _id: 'c-react', name: 'React Basics', price: 10.5, quantity: 1 });
const python = buildCartLine({ _id: 'c-python', name: 'Python Basics', price: 0.2 });

function summary() {
  return screen.getByRole('complementary', { name: 'Order summary' });
}

describe('course cart screen', () => {
  it('shows the number of lines, each line with its price, and the total', async () => {
    renderApp({ route: '/cart' }, { store: cartStore(react, python) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Course items: 2' }),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Course cart' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('React Basics');
    expect(items[0]).toHaveTextContent('$10.50');
    expect(within(summary()).getByText('Total quantity').nextElementSibling).toHaveTextContent('2');
    // 10.50 + 0.20
    expect(within(summary()).getByText('Total:').nextElementSibling).toHaveTextContent('$10.70');
  });

  it('has no quantity buttons: a course is bought once (D62)', async () => {
    renderApp({ route: '/cart' }, { store: cartStore(react, python) });

    await screen.findByRole('heading', { level: 1, name: 'Your Course items: 2' });
    expect(screen.queryByRole('button', { name: /increase quantity/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /decrease quantity/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /quantity of/i })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it('removes a line with its remove button', async () => {
    const { user, store } = renderApp({ route: '/cart' }, { store: cartStore(react, python) });

    await user.click(await screen.findByRole('button', { name: 'Remove React Basics' }));
    expect(screen.queryByText('React Basics')).not.toBeInTheDocument();
    expect(screen.getByText('Python Basics')).toBeInTheDocument();
    expect(store.getState().courseCart.carts.map((line) => line._id)).toEqual(['c-python']);
    expect(summary()).toHaveTextContent('$0.20');
  });

  it('an empty cart shows a friendly message, $0.00 and a disabled Checkout', async () => {
    renderApp({ route: '/cart' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Course items: 0' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your course cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /browse courses/i })).toHaveAttribute(
      'href',
      '/courses',
    );
    expect(summary()).toHaveTextContent('$0.00');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it('Checkout stores the total in cents and which cart, and goes straight to the card page', async () => {
    const { user, store, router } = renderApp(
      { route: '/cart' },
      { store: cartStore(react, python), auth: { user: buildUser() } },
    );

    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    // Courses ship nothing: no shipping form (D62).
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymentcard'));
    expect(selectCheckoutTotalCents(store.getState())).toBe(1070);
    expect(selectCheckoutSource(store.getState())).toBe('courses');
  });
});
