import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { buildShipping, buildUser } from '@/testing/data';
import { settlePayment } from '@/testing/mocks/checkout-handlers';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const SHIPPING = buildShipping({ firstName: 'Ada', lastName: 'Lovelace' });

function paidCheckout(email: string, status: 'succeeded' | 'pending' = 'succeeded') {
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
    status,
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
    expect(document.title).toBe('Receipt LT-RECEIPT1 · LearnTogether');

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

  it('a payment still being confirmed: says so while the shop is away, and updates by itself', async () => {
    paidCheckout('student@learntogether.test', 'pending');
    let down = true;
    server.use(
      http.get(apiPath('/orders/:id'), () =>
        down ? new HttpResponse('Bad Gateway', { status: 502 }) : undefined,
      ),
    );
    renderApp(
      { route: '/orders/pi_receipt1/receipt' },
      { auth: { user: buildUser({ email: 'student@learntogether.test' }) } },
    );
    expect(
      await screen.findByText(
        'We could not reach the shop. Your payment is safe; this page updates by itself.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/The server answered/)).not.toBeInTheDocument();

    down = false;
    expect(
      await screen.findByText('Payment received, confirming…', {}, { timeout: 8000 }),
    ).toBeVisible();
    settlePayment('pi_receipt1');
    expect(await screen.findByText('Paid', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.queryByText(/could not reach the shop/)).not.toBeInTheDocument();
  });
});
