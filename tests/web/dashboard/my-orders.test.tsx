import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderNumberOf, PAYMENT_TEXTS } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { API_FAILURE_MESSAGES } from '@/lib/api/failure-messages';
import { buildUser } from '@/testing/data';
import { fakeStripe } from '@/testing/fake-stripe';
import { settlePayment } from '@/testing/mocks/checkout-handlers';
import { db, type DbOrder, type DbPayment } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { fillCard } from '../checkout/helpers';

vi.mock('@/lib/stripe', () => import('@/testing/fake-stripe').then((m) => m.fakeStripeModule));

const STUDENT = 'student@learntogether.test';
const READER = 'reader@learntogether.test';

const SHIPPING: ShippingAddress = {
  firstName: 'Sam',
  lastName: 'Student',
  email: STUDENT,
  country: 'Bangladesh',
  address: '1 Lake Road',
  city: 'Dhaka',
  state: 'Dhaka',
  postalCode: '1207',
};

let sequence = 0;
/**
 * A paid checkout in the fake API, as Stripe's webhook leaves it: its payment and one order per
 * line (name, quantity, dollars per copy). Later calls are newer.
 */
function checkout(
  lines: Array<[name: string, quantity: number, price: number]>,
  email = STUDENT,
): { payment: DbPayment; orders: DbOrder[] } {
  const createdAt = Date.parse('2026-03-01T10:00:00Z') + ++sequence * 60_000;
  const payment: DbPayment = {
    id: `pi_mockorders${sequence}`,
    clientSecret: `pi_mockorders${sequence}_secret_x`,
    email,
    source: 'books',
    lines: lines.map(([name, quantity, price]) => ({
      name,
      quantity,
      unitPriceCents: Math.round(price * 100),
    })),
    amountCents: lines.reduce(
      (sum, [, quantity, price]) => sum + Math.round(price * 100) * quantity,
      0,
    ),
    shipping: SHIPPING,
    status: 'succeeded',
    createdAt,
    paidAt: createdAt,
  };
  db.payments.push(payment);
  const orders = lines.map(([name, quantity, price]): DbOrder => ({
    _id: `o-${sequence}-${name}`,
    name,
    quantity,
    price,
    email,
    paymentId: payment.id,
    shipping: SHIPPING,
    createdAt,
  }));
  db.orders.push(...orders);
  return { payment, orders };
}

function renderMyOrders() {
  return renderApp(
    { route: '/dashboard/myOrders' },
    { auth: { user: buildUser({ email: STUDENT, displayName: 'Sam Student' }) } },
  );
}

const heading = (count: number) =>
  screen.findByRole('heading', { level: 1, name: `Total number of order : ${count}` });

/** The sweetalert2 dialog (rendered into document.body). */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

beforeEach(() => fakeStripe.reset());

/** The checkouts shown, by their headings ("Order LT-…"). */
const checkoutCards = () => screen.getAllByRole('article');

/** A checkout's table rows, without the header row, as the cells' texts. */
const rowsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      ),
    );

describe('My Orders', { timeout: 20_000 }, () => {
  it('shows each checkout with its number, date, status, total and receipt, its lines under it', async () => {
    const older = checkout([
      ['Clean Code', 1, 32.5],
      ['Dune', 3, 15],
    ]);
    const newer = checkout([['Foundation', 2, 12.25]]);
    renderMyOrders();

    // The spec's count: the orders (lines).
    expect(await heading(3)).toBeVisible();
    const cards = checkoutCards();
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual([
      `Order ${orderNumberOf(newer.payment.id)}`,
      `Order ${orderNumberOf(older.payment.id)}`,
    ]);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('March 1, 2026');
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent('Total $24.50');
    expect(second).toHaveTextContent('Total $77.50');
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Product Name', 'Quantity', 'Price', 'Action']);
    expect(rowsOf(first)).toEqual([['1', 'Foundation', '2', '$12.25', '']]);
    expect(rowsOf(second)).toEqual([
      ['1', 'Clean Code', '1', '$32.50', ''],
      ['2', 'Dune', '3', '$15.00', ''],
    ]);
    expect(screen.getByRole('button', { name: 'Delete Dune' })).toBeVisible();

    // The way back to a receipt.
    const receipt = within(second).getByRole('link', {
      name: `Receipt of order ${orderNumberOf(older.payment.id)}`,
    });
    expect(receipt).toHaveAttribute('href', `/orders/${older.payment.id}/receipt`);
  });

  it('a refunded line says "Refunded" beside its name, and its checkout is partly refunded', async () => {
    const { orders } = checkout([
      ['Clean Code', 1, 32.5],
      ['Dune', 3, 15],
    ]);
    orders[1]!.refunded = true;
    renderMyOrders();

    expect(await heading(2)).toBeVisible();
    const [card] = checkoutCards();
    expect(card).toHaveTextContent('Partly refunded');
    expect(within(card!).getByRole('cell', { name: 'Dune Refunded' })).toBeVisible();
    expect(within(card!).getByRole('cell', { name: 'Clean Code' })).toBeVisible();
  });

  it("never shows another user's orders", async () => {
    checkout([['Clean Code', 1, 32.5]]);
    checkout([['Not mine', 1, 9.99]], READER);
    renderMyOrders();

    expect(await heading(1)).toBeVisible();
    expect(screen.getByText('Clean Code')).toBeVisible();
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
    expect(checkoutCards()).toHaveLength(1);
  });

  it("'x' asks first, deletes, says 'Deleted!' and the row is gone", async () => {
    checkout([
      ['Clean Code', 1, 32.5],
      ['Dune', 3, 15],
    ]);
    const { user } = renderMyOrders();
    await heading(2);

    await user.click(screen.getByRole('button', { name: 'Delete Dune' }));
    const confirm = await dialog();
    // sweetalert2 shows its popup a moment after adding it (a busy machine sees it hidden first).
    await waitFor(() => expect(confirm.getByText('Are you sure?')).toBeVisible());
    expect(confirm.getByText("You won't be able to revert this product!")).toBeVisible();
    await user.click(confirm.getByRole('button', { name: 'Yes, delete it!' }));

    await waitFor(() => expect(screen.getByText('Product has been deleted.')).toBeVisible());
    expect(screen.getByText('Deleted!')).toBeVisible();
    // Hidden from the customer; the shop keeps its record of the sale.
    expect(db.orders.filter((order) => !order.hidden).map((order) => order.name)).toEqual([
      'Clean Code',
    ]);
    expect(db.orders).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await heading(1)).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'Dune' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Clean Code' })).toBeVisible();
  });

  it('Cancel in the dialog deletes nothing', async () => {
    checkout([['Clean Code', 1, 32.5]]);
    const { user } = renderMyOrders();
    await heading(1);

    await user.click(screen.getByRole('button', { name: 'Delete Clean Code' }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Clean Code' })).toBeVisible();
    expect(db.orders.filter((order) => order.hidden)).toHaveLength(0);
  });

  it('no orders: the count is 0, with a friendly line and a link to the bookstore', async () => {
    checkout([['Not mine', 1, 9.99]], READER);
    renderMyOrders();

    expect(await heading(0)).toBeVisible();
    expect(screen.getByText('No orders yet')).toBeVisible();
    expect(screen.getByRole('link', { name: /browse books/i })).toHaveAttribute('href', '/book');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages by ten checkouts; the page is in the address', async () => {
    for (let index = 1; index <= 12; index += 1) checkout([[`Book ${index}`, 1, 10]]);
    const { user, router } = renderMyOrders();

    expect(await heading(12)).toBeVisible();
    expect(checkoutCards()).toHaveLength(10);
    expect(screen.getByText('Book 12')).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(checkoutCards()).toHaveLength(2));
    expect(screen.getByText('Book 2')).toBeVisible();
    expect(screen.getByText('Book 1')).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('a failed load says so, and Try again loads the orders', async () => {
    checkout([['Clean Code', 1, 32.5]]);
    let failing = true;
    server.use(
      http.get(apiPath('/orders'), () =>
        failing
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'Internal server error' } },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderMyOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_FAILURE_MESSAGES.tryAgainLater);
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await heading(1)).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Clean Code' })).toBeVisible();
  });

  it('with the server down (the proxy’s 502), says the shop is unreachable, never "502"', async () => {
    server.use(
      http.get(apiPath('/orders'), () => new HttpResponse('Bad Gateway', { status: 502 })),
    );
    renderMyOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(API_FAILURE_MESSAGES.shopUnreachable);
    expect(alert).not.toHaveTextContent(/502|server answered/i);
  });

  it('the orders of a payment show up without a manual reload', async () => {
    // My Orders was open before the purchase: its list (none yet) is in the cache.
    db.carts.push({
      _id: 'l-1',
      bookId: 'b-1',
      name: 'Clean Code',
      price: 32.5,
      quantity: 2,
      image: '/images/books/b-1.svg',
      email: STUDENT,
    });
    // The webhook lands a moment after the card was confirmed.
    fakeStripe.onSucceeded = (paymentId) => setTimeout(() => settlePayment(paymentId), 800);
    const { user } = renderMyOrders();
    expect(await heading(0)).toBeVisible();

    // Book cart → Checkout → shipping → card → Pay, as a user does it.
    // The badge counts the cart once it is read.
    await user.click(await screen.findByRole('link', { name: 'Book cart (1 item)' }));
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    const form = within(await screen.findByRole('form', { name: 'Shipping address' }));
    await user.type(form.getByRole('textbox', { name: 'First name' }), SHIPPING.firstName);
    await user.type(form.getByRole('textbox', { name: 'Last name' }), SHIPPING.lastName);
    await user.selectOptions(form.getByRole('combobox', { name: 'Country' }), SHIPPING.country);
    await user.type(form.getByRole('textbox', { name: 'Full address' }), SHIPPING.address);
    await user.type(form.getByRole('textbox', { name: 'City' }), SHIPPING.city);
    await user.type(form.getByRole('textbox', { name: 'State / Zilla' }), SHIPPING.state);
    await user.type(form.getByRole('textbox', { name: 'ZIP / Postal code' }), SHIPPING.postalCode);
    await user.click(form.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('Please pay : 65.00$')).toBeVisible();
    await fillCard(user, '4242424242424242');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
    expect(
      await screen.findByRole('link', { name: 'Book cart (0 items)' }, { timeout: 8000 }),
    ).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'See My Orders' }));
    expect(await heading(1)).toBeVisible();
    expect(rowsOf(checkoutCards()[0]!)).toEqual([['1', 'Clean Code', '2', '$32.50', '']]);
  });
});
