import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_TEXTS } from '@contract/checkout-rules';
import type { ShippingAddress } from '@contract/payments';
import { buildUser } from '@/testing/data';
import { fakeStripe } from '@/testing/fake-stripe';
import { settlePayment } from '@/testing/mocks/checkout-handlers';
import { db, type DbOrder } from '@/testing/mocks/db';
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
/** An order in the fake API, as a paid payment leaves it. */
function ordered(name: string, quantity: number, price: number, email = STUDENT): DbOrder {
  const order: DbOrder = {
    _id: `o-${++sequence}`,
    name,
    quantity,
    price,
    email,
    paymentId: 'pi_test',
    shipping: SHIPPING,
    createdAt: sequence,
  };
  db.orders.push(order);
  return order;
}

function renderMyOrders() {
  return renderApp(
    { route: '/dashboard/myOrders' },
    { auth: { user: buildUser({ email: STUDENT, displayName: 'Sam Student' }) } },
  );
}

const heading = (count: number) =>
  screen.findByRole('heading', { level: 1, name: `Total number of order : ${count}` });

/** The table's rows, without the header row. */
const bodyRows = () => screen.getAllByRole('row').slice(1);

/** The sweetalert2 dialog (rendered into document.body). */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

beforeEach(() => fakeStripe.reset());

describe('My Orders', { timeout: 20_000 }, () => {
  it('shows the count and a row per order: index, name, quantity, price with two decimals', async () => {
    ordered('Clean Code', 1, 32.5);
    ordered('Dune', 3, 15);
    renderMyOrders();

    expect(await heading(2)).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Product Name',
      'Quantity',
      'Price',
      'Action',
    ]);
    // Newest first.
    const rows = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Dune', '3', '$15.00', ''],
      ['Clean Code', '1', '$32.50', ''],
    ]);
    expect(bodyRows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '1',
      '2',
    ]);
    expect(screen.getByRole('button', { name: 'Delete Dune' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Clean Code' })).toBeVisible();
  });

  it('a refunded line says "Refunded" beside its name', async () => {
    ordered('Clean Code', 1, 32.5);
    ordered('Dune', 3, 15).refunded = true;
    renderMyOrders();

    expect(await heading(2)).toBeVisible();
    const [dune, clean] = bodyRows();
    expect(within(dune!).getByRole('cell', { name: 'Dune Refunded' })).toBeVisible();
    expect(within(clean!).getByRole('cell', { name: 'Clean Code' })).toBeVisible();
  });

  it("never shows another user's orders", async () => {
    ordered('Clean Code', 1, 32.5);
    ordered('Not mine', 1, 9.99, READER);
    renderMyOrders();

    expect(await heading(1)).toBeVisible();
    expect(screen.getByText('Clean Code')).toBeVisible();
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
  });

  it("'x' asks first, deletes, says 'Deleted!' and the row is gone", async () => {
    ordered('Clean Code', 1, 32.5);
    ordered('Dune', 3, 15);
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
    ordered('Clean Code', 1, 32.5);
    const { user } = renderMyOrders();
    await heading(1);

    await user.click(screen.getByRole('button', { name: 'Delete Clean Code' }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Clean Code' })).toBeVisible();
    expect(db.orders).toHaveLength(1);
  });

  it('no orders: the count is 0, with a friendly line and a link to the bookstore', async () => {
    ordered('Not mine', 1, 9.99, READER);
    renderMyOrders();

    expect(await heading(0)).toBeVisible();
    expect(screen.getByText('No orders yet')).toBeVisible();
    expect(screen.getByRole('link', { name: /browse books/i })).toHaveAttribute('href', '/book');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed load says so, and Try again loads the orders', async () => {
    ordered('Clean Code', 1, 32.5);
    let failing = true;
    server.use(
      http.get(apiPath('/booking/email/:email'), () =>
        failing
          ? HttpResponse.json(
              { error: { code: 'internal', message: 'The orders are unavailable.' } },
              { status: 500 },
            )
          : undefined,
      ),
    );
    const { user } = renderMyOrders();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The orders are unavailable.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await heading(1)).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Clean Code' })).toBeVisible();
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
    expect(bodyRows().map((row) => row.textContent)).toEqual(['1Clean Code2$32.50']);
  });
});
