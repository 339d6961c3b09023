import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFUND_MESSAGES } from '@contract/admin-orders';
import { orderNumberOf } from '@contract/checkout-rules';
import { buildShipping, buildUser } from '@/testing/data';
import { db, type DbOrder } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';

/** What the app asked the API (`POST /api/admin/orders/pi_a/refunds {}`), from msw's events. */
let calls: string[] = [];
const record = async ({ request }: { request: Request }) => {
  const { pathname } = new URL(request.url);
  const body = request.method === 'POST' ? ` ${await request.clone().text()}` : '';
  calls.push(`${request.method} ${pathname}${body}`);
};
beforeEach(() => {
  calls = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});
const refundCalls = () => calls.filter((call) => call.startsWith('POST /api/admin/orders'));

const shippingOf = (email: string) => buildShipping({ email });

let sequence = 0;
/** A checkout in the fake API: its payment and, once paid, its orders (lines). */
function checkout(
  id: string,
  email: string,
  createdAt: string,
  lines: Array<{ name: string; quantity: number; price: number; refunded?: boolean }>,
  status: 'pending' | 'succeeded' | 'refunded' = 'succeeded',
): DbOrder[] {
  const amountCents = lines.reduce((sum, line) => sum + line.price * 100 * line.quantity, 0);
  const at = Date.parse(createdAt);
  db.payments.push({
    id,
    clientSecret: `${id}_secret_x`,
    email,
    source: 'books',
    lines: lines.map(({ name, quantity, price }) => ({
      name,
      quantity,
      unitPriceCents: price * 100,
    })),
    amountCents,
    shipping: shippingOf(email),
    status,
    createdAt: at,
  });
  if (status !== 'succeeded') return [];
  const orders = lines.map((line): DbOrder => ({
    _id: `o-${++sequence}`,
    name: line.name,
    quantity: line.quantity,
    price: line.price,
    refunded: line.refunded ?? false,
    email,
    paymentId: id,
    shipping: shippingOf(email),
    createdAt: at,
  }));
  db.orders.push(...orders);
  return orders;
}

/** Three checkouts: Ann's (two lines, one refunded), Bob's and Cy's; and Dee's unpaid one. */
function seed() {
  const ann = checkout('pi_ann', 'ann@example.test', '2026-01-10T10:00:00Z', [
    { name: 'Dune', quantity: 2, price: 10, refunded: true },
    { name: 'Foundation', quantity: 1, price: 5 },
  ]);
  const bob = checkout('pi_bob', 'bob@example.test', '2026-01-11T10:00:00Z', [
    { name: 'Clean Code', quantity: 1, price: 30 },
    { name: 'The Hobbit', quantity: 1, price: 12 },
  ]);
  checkout('pi_cy', 'cy@example.test', '2026-01-12T10:00:00Z', [
    { name: 'Little Women', quantity: 1, price: 8, refunded: true },
  ]);
  checkout(
    'pi_dee',
    'dee@example.test',
    '2026-01-13T10:00:00Z',
    [{ name: 'Dune', quantity: 1, price: 10 }],
    'pending',
  );
  return { ann, bob };
}

/** The screen at `route`; the list's heading is awaited unless the address opens an order. */
async function renderOrders(route = '/dashboard/orders') {
  const rendered = renderApp(
    { route },
    { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
  );
  if (!route.includes('order=')) {
    await screen.findByRole('heading', { level: 1, name: 'Orders and refunds' });
  }
  return rendered;
}

/** The order numbers in the table's rows, in order. */
async function rowNumbers(): Promise<string[]> {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent ?? '');
}

const number = (paymentId: string) => orderNumberOf(paymentId);

/** The sweetalert2 dialog (rendered into document.body). */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

async function openBob() {
  const rendered = await renderOrders('/dashboard/orders?order=pi_bob');
  await screen.findByRole('heading', { level: 1, name: /^Order / });
  return rendered;
}

/** The line of the detail named `name`. */
function lineOf(name: string) {
  const line = screen
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(name, { exact: true }));
  if (!line) throw new Error(`no line ${name}`);
  return within(line);
}

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('Orders (admin)', { timeout: 15_000 }, () => {
  it('is in the admin dashboard menu between Books and Courses', async () => {
    await renderOrders();
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    const links = menu.getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(-6)).toEqual([
      'Books',
      'Orders',
      'Courses',
      'Sales',
      'Performance',
      'Reports',
    ]);
    expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/dashboard/orders');
    expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the paid checkouts newest first with customer, date, total and status', async () => {
    seed();
    await renderOrders();
    expect(await rowNumbers()).toEqual([number('pi_cy'), number('pi_bob'), number('pi_ann')]);
    const rows = screen.getAllByRole('row').slice(1);
    const ann = within(rows[2] as HTMLElement);
    expect(ann.getByText('ann@example.test')).toBeInTheDocument();
    expect(ann.getByText('$25.00')).toBeInTheDocument();
    expect(ann.getByText('Partly refunded')).toBeInTheDocument();
    expect(ann.getByText(/Jan 10, 2026/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('holds the status, customer and dates in the address', async () => {
    seed();
    const { user, router } = await renderOrders();
    await rowNumbers();

    await user.selectOptions(screen.getByLabelText('Status'), 'Refunded');
    await waitFor(async () => expect(await rowNumbers()).toEqual([number('pi_cy')]));
    expect(router.state.location.search).toBe('?status=refunded');

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await user.type(screen.getByLabelText('Customer email'), 'BOB');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(async () => expect(await rowNumbers()).toEqual([number('pi_bob')]));
    expect(router.state.location.search).toBe('?q=BOB');

    await user.clear(screen.getByLabelText('Customer email'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-11' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-11' } });
    await waitFor(async () => expect(await rowNumbers()).toEqual([number('pi_bob')]));
    expect(router.state.location.search).toBe('?from=2026-01-11&to=2026-01-11');
  });

  it('opens with the filters of the address, and says when nothing matches', async () => {
    seed();
    await renderOrders('/dashboard/orders?status=paid&q=zed');
    expect(await screen.findByText('No order matches these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('paid');
    expect(screen.getByLabelText('Customer email')).toHaveValue('zed');
  });

  it('pages with Previous and Next', async () => {
    for (let n = 1; n <= 25; n += 1) {
      const day = String(n).padStart(2, '0');
      checkout(`pi_p${day}`, `p${day}@example.test`, `2025-12-${day}T10:00:00Z`, [
        { name: 'Dune', quantity: 1, price: 10 },
      ]);
    }
    const { user, router } = await renderOrders();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(await rowNumbers()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await rowNumbers()).toEqual(
        ['05', '04', '03', '02', '01'].map((day) => number(`pi_p${day}`)),
      ),
    );
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("View shows the checkout's customer, address, lines, sums and history", async () => {
    seed();
    const payment = db.payments.find((candidate) => candidate.id === 'pi_ann');
    if (payment) {
      payment.refunds = [
        { actorEmail: ADMIN, orderIds: ['o-1'], amount: 20, createdAt: Date.now() },
      ];
    }
    const { user, router } = await renderOrders();
    await rowNumbers();
    await user.click(screen.getByRole('button', { name: `View order ${number('pi_ann')}` }));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: `Order ${number('pi_ann')} Partly refunded`,
      }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?order=pi_ann');
    expect(screen.getByText('ann@example.test')).toBeInTheDocument();
    expect(
      screen.getByText(/12 Analytical Row, Toronto, Ontario M5V 2T6, Canada/),
    ).toBeInTheDocument();
    expect(lineOf('Dune').getByText('Refunded')).toBeInTheDocument();
    expect(lineOf('Dune').queryByRole('checkbox')).not.toBeInTheDocument();
    expect(lineOf('Foundation').getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$25.00');
    expect(screen.getByText('Refunded so far').nextSibling).toHaveTextContent('$20.00');
    const history = within(screen.getByRole('list', { name: 'Changes, newest first' }));
    expect(history.getByText('Refunded $20.00 (1 line)')).toBeInTheDocument();
    expect(history.getByText(`by ${ADMIN}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '← Back to orders' }));
    await screen.findByRole('heading', { level: 1, name: 'Orders and refunds' });
    expect(router.state.location.search).toBe('');
  });

  it('View shows a course checkout’s buyer, with no address (D62)', async () => {
    checkout('pi_eve', 'eve@example.test', '2026-01-14T10:00:00Z', [
      { name: 'React from Zero to Hero', quantity: 1, price: 50 },
    ]);
    const payment = db.payments.find((candidate) => candidate.id === 'pi_eve');
    if (!payment) throw new Error('no payment');
    payment.source = 'courses';
    payment.shipping = { name: 'Eve Learner', email: 'eve@example.test' };
    await renderOrders('/dashboard/orders?order=pi_eve');

    expect(await screen.findByText('Bought by')).toBeInTheDocument();
    expect(screen.getByText('Eve Learner, eve@example.test')).toBeInTheDocument();
    expect(screen.queryByText('Ships to')).not.toBeInTheDocument();
  });

  it('refunds one selected line after a confirmation', async () => {
    const { bob } = seed();
    const { user } = await openBob();
    expect(screen.getByRole('button', { name: 'Refund selected' })).toBeDisabled();
    await user.click(lineOf('The Hobbit').getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Refund selected' }));

    const confirm = await dialog();
    expect(
      confirm.getByText('Refund $12.00 to bob@example.test? Stripe sends it back to their card.'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes, refund $12.00' }));

    expect(
      await screen.findByText(
        'Refund of $12.00 asked of Stripe; the lines show as refunded once Stripe confirms.',
      ),
    ).toBeInTheDocument();
    expect(refundCalls()).toEqual([
      `POST /api/admin/orders/pi_bob/refunds {"orderIds":["${bob[1]?._id}"]}`,
    ]);
    await waitFor(() => expect(lineOf('The Hobbit').getByText('Refunded')).toBeInTheDocument());
    expect(lineOf('Clean Code').queryByText('Refunded')).not.toBeInTheDocument();
    expect(screen.getByText('Refunded so far').nextSibling).toHaveTextContent('$12.00');
  });

  it('refunds everything left, naming no lines', async () => {
    seed();
    const { user } = await openBob();
    await user.click(screen.getByRole('button', { name: 'Refund everything' }));
    const confirm = await dialog();
    expect(
      confirm.getByText('Refund $42.00 to bob@example.test? Stripe sends it back to their card.'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes, refund $42.00' }));

    expect(await screen.findByText(/^Refund of \$42\.00 asked of Stripe/)).toBeInTheDocument();
    expect(refundCalls()).toEqual(['POST /api/admin/orders/pi_bob/refunds {}']);
    await screen.findByRole('heading', { level: 1, name: `Order ${number('pi_bob')} Refunded` });
    expect(screen.getByRole('button', { name: 'Refund everything' })).toBeDisabled();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('Cancel in the confirmation sends nothing', async () => {
    seed();
    const { user } = await openBob();
    await user.click(screen.getByRole('button', { name: 'Refund everything' }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refundCalls()).toEqual([]);
    expect(lineOf('Clean Code').queryByText('Refunded')).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    seed();
    server.use(
      http.post(apiPath('/admin/orders/:id/refunds'), () =>
        HttpResponse.json(
          { error: { code: 'bad_request', message: REFUND_MESSAGES.alreadyRefunded } },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openBob();
    await user.click(lineOf('Clean Code').getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Refund selected' }));
    await user.click((await dialog()).getByRole('button', { name: 'Yes, refund $30.00' }));
    expect(await screen.findByText(REFUND_MESSAGES.alreadyRefunded)).toBeInTheDocument();
    expect(lineOf('Clean Code').queryByText('Refunded')).not.toBeInTheDocument();
  });

  it('says so when the address names no such order', async () => {
    seed();
    await renderOrders('/dashboard/orders?order=pi_dee');
    expect(await screen.findByText('No such order.')).toBeInTheDocument();
  });

  it('keeps a non-admin out: signed out and sent to /login', async () => {
    const { router, auth } = renderApp(
      { route: '/dashboard/orders' },
      { auth: { user: buildUser() } },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(auth.signOutCalls).toBe(1);
    expect(calls.filter((call) => call.includes('/admin/orders'))).toEqual([]);
  });
});
