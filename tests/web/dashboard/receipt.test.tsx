import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildShipping, buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { renderApp } from '@/testing/render';

const SHIPPING = buildShipping({ firstName: 'Ada', lastName: 'Lovelace' });

function paidCheckout(email: string) {
  db.payments.push({
    id: 'pi_receipt1',
    clientSecret: 'pi_receipt1_secret_x',
    email,
    source: 'books',
    lines: [
      { name: 'Clean Code', quantity: 2, unitPriceCents: 3250 },
      { name: 'Dune', quantity: 1, unitPriceCents: 1500 },
    ],
    amountCents: 8000,
    shipping: SHIPPING,
    status: 'succeeded',
    createdAt: Date.UTC(2026, 10, 20, 12),
  });
}

describe('the printable receipt', () => {
  it('shows the order number, date, lines, total and address, and prints', async () => {
    paidCheckout('student@learntogether.test');
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderApp(
      { route: '/orders/pi_receipt1/receipt' },
      { auth: { user: buildUser({ email: 'student@learntogether.test' }) } },
    );

    expect(await screen.findByText('LT-RECEIPT1')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    expect(screen.getByText('November 20, 2026')).toBeVisible();
    expect(screen.getByText('Paid')).toBeVisible();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('cell', { name: 'Clean Code' })).toBeVisible();
    expect(within(table).getByText('$65.00')).toBeVisible();
    expect(within(table).getByText('Total paid').nextElementSibling).toHaveTextContent('$80.00');
    expect(screen.getByText(/12 Analytical Row/)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Receipt LT-RECEIPT1 · LearnTogether'));

    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('is not shown to another user', async () => {
    paidCheckout('student@learntogether.test');
    renderApp(
      { route: '/orders/pi_receipt1/receipt' },
      { auth: { user: buildUser({ email: 'reader@learntogether.test' }) } },
    );
    expect(await screen.findByText('We could not find this order.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
