import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MESSAGES, PAYMENT_TEXTS } from '@contract/checkout-rules';
import { SETTLE_TIMEOUT_MS } from '@/app/paid-cart';
import { selectCheckoutSource, selectShippingAddress } from '@/features/checkout/checkout-slice';
import { selectCourseCartLines } from '@/features/course-cart/course-cart-slice';
import { buildCartLine } from '@/testing/data';
import { fakeStripe } from '@/testing/fake-stripe';
import { settlePayment } from '@/testing/mocks/checkout-handlers';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';
import { ADDRESS, checkoutStore, fillCard, inBookCart, student } from './helpers';

// Stripe.js at the network edge: the loader hands the page the one Stripe.js fake instead of
// js.stripe.com; msw answers its API calls with Stripe's test cards.
vi.mock('@/lib/stripe', () => import('@/testing/fake-stripe').then((m) => m.fakeStripeModule));

const SUCCEEDS = '4242424242424242';
const DECLINED = '4000000000000002';

function renderCardPayment(store = checkoutStore({ source: 'books', shipping: ADDRESS })) {
  return renderApp({ route: '/paymentcard' }, { store, auth: { user: student() } });
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });
const cardNumber = () => screen.findByRole('textbox', { name: 'Card number' });

/** Waits until the amount is shown and the card field is ready (Pay enabled). */
async function readyToPay() {
  await screen.findByText(/^Please pay : /);
  await waitFor(() => expect(payButton()).toBeEnabled());
}

beforeEach(() => fakeStripe.reset());

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('card payment (/paymentcard)', { timeout: 20_000 }, () => {
  it("shows the server's amount for the book cart, with two decimals", async () => {
    inBookCart('l-1', 'Clean Code', 12.99, 2);
    // The client's stored total is stale (the cart changed since Checkout): the server's figure wins.
    renderCardPayment(checkoutStore({ source: 'books', totalCents: 100, shipping: ADDRESS }));

    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_TEXTS.heading }),
    ).toBeVisible();
    expect(await screen.findByText('Please pay : 25.98$')).toBeVisible();
    expect(screen.queryByText(/1\.00/)).not.toBeInTheDocument();
    // The card field is Stripe's CardElement with the spec's 16 px font.
    await cardNumber();
    expect(fakeStripe.cards.map((card) => card.type)).toEqual(['card']);
    expect(fakeStripe.cards[0]?.options).toEqual({ style: { base: { fontSize: '16px' } } });
    expect(screen.getByText(/Shipping to/)).toBeVisible();
    expect(screen.getByText(/12 Maple Street, Toronto, Ontario M5V 2T6, Canada/)).toBeVisible();
  });

  it("the course cart: the server prices the courses from its own list, whatever the client's price", async () => {
    // The client's copy says $1; the server's course list says $49.99 and $19.
    const courses = [
      buildCartLine({ _id: 'c-react', name: 'React from Zero to Hero', price: 1 }),
      buildCartLine({ _id: 'c-writing', name: 'Creative Story Writing', price: 1 }),
    ];
    renderCardPayment(checkoutStore({ source: 'courses', courses }));

    // 49.99 + 19
    expect(await screen.findByText('Please pay : 68.99$')).toBeVisible();
    // Courses hold no stock: nothing is said of a hold.
    expect(screen.queryByText(/held for you/)).not.toBeInTheDocument();
    expect(db.payments).toHaveLength(1);
    expect(db.payments[0]?.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['React from Zero to Hero', 1],
      ['Creative Story Writing', 1],
    ]);
  });

  it('a course checkout asks no address: the page pays for "courses", the buyer is the account (D62)', async () => {
    const courses = [
      buildCartLine({ _id: 'c-writing', name: 'Creative Story Writing', price: 19 }),
    ];
    const { router } = renderCardPayment(checkoutStore({ source: 'courses', courses }));

    expect(
      await screen.findByRole('heading', { level: 1, name: PAYMENT_TEXTS.courseHeading }),
    ).toBeVisible();
    expect(PAYMENT_TEXTS.courseHeading).toContain('courses');
    expect(screen.queryByText(PAYMENT_TEXTS.heading)).not.toBeInTheDocument();
    await readyToPay();
    expect(router.state.location.pathname).toBe('/paymentcard');
    expect(screen.queryByText(/Shipping to/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change address' })).not.toBeInTheDocument();
    // The intent was asked without an address; the fake API, as the server, names the account.
    expect(db.payments[0]?.shipping).toEqual({ name: 'Sam Student', email: ADDRESS.email });
  });

  it('Pay is disabled with a spinner while pending: a double click confirms once', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const { user } = renderCardPayment();
    await readyToPay();
    await fillCard(user, SUCCEEDS);

    const release = fakeStripe.hold();
    await user.dblClick(payButton());

    await waitFor(() => expect(payButton()).toBeDisabled());
    expect(payButton()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('form', { name: 'Card payment' })).toHaveAttribute('aria-busy', 'true');
    await user.click(payButton());
    expect(fakeStripe.confirmCalls).toHaveLength(1);

    release();
    expect(await screen.findByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
    expect(fakeStripe.confirmCalls).toHaveLength(1);
    // Confirmed against the intent the server made, with the address as billing details.
    const [call] = fakeStripe.confirmCalls;
    expect(call?.clientSecret).toBe(db.payments[0]?.clientSecret);
    expect(call?.billingDetails).toEqual({
      name: 'Sam Student',
      email: ADDRESS.email,
      address: {
        line1: ADDRESS.address,
        city: ADDRESS.city,
        state: ADDRESS.state,
        postal_code: ADDRESS.postalCode,
        country: 'CA',
      },
    });
  });

  it('success: the green text, the card form gives way to the order confirmation, and the course cart empties at once', async () => {
    const courses = [
      buildCartLine({ _id: 'c-python', name: 'Python for Data Science', price: 39.5 }),
    ];
    const store = checkoutStore({ source: 'courses', totalCents: 3950, courses });
    const { user } = renderCardPayment(store);
    await readyToPay();
    expect(screen.getByText('Please pay : 39.50$')).toBeVisible();

    await fillCard(user, SUCCEEDS);
    await user.click(payButton());

    const success = await screen.findByText(PAYMENT_TEXTS.succeeded);
    expect(success).toHaveClass('text-success');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    expect(selectCourseCartLines(store.getState())).toEqual([]);
    // Nothing is left to pay; no address was asked, so none is saved.
    expect(selectCheckoutSource(store.getState())).toBeNull();
    expect(selectShippingAddress(store.getState())).toBeNull();
    expect(screen.getByText('Please pay : 39.50$')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: PAYMENT_TEXTS.courseHeading }),
    ).toBeVisible();

    // The confirmation: the order number, the lines, the total paid, the address, and links.
    const confirmation = await screen.findByRole('region', { name: 'Order confirmation' });
    expect(await within(confirmation).findByText(/^LT-[0-9A-Z]+$/)).toBeVisible();
    expect(
      within(confirmation).getByRole('cell', { name: 'Python for Data Science' }),
    ).toBeVisible();
    expect(within(confirmation).getByText('Total paid').nextElementSibling).toHaveTextContent(
      '$39.50',
    );
    // A course checkout has no address: its buyer, by the account's name and email.
    expect(within(confirmation).getByRole('heading', { name: 'Billed to' })).toBeVisible();
    expect(within(confirmation).getByText('Sam Student', { exact: false })).toBeVisible();
    expect(within(confirmation).queryByText(ADDRESS.address, { exact: false })).toBeNull();
    expect(within(confirmation).getByRole('link', { name: 'See My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
    expect(within(confirmation).getByRole('link', { name: 'Printable receipt' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/orders\/pi_[^/]+\/receipt$/),
    );
  });

  it('a book-cart payment: the cart is re-read until the webhook empties it, and the badge shows 0', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    inBookCart('l-2', 'Dune', 15, 2);
    // Stripe's webhook reaches the server a moment after the card is confirmed.
    fakeStripe.onSucceeded = (paymentId) => setTimeout(() => settlePayment(paymentId), 1500);
    const store = checkoutStore({ source: 'books', totalCents: 6250, shipping: ADDRESS });
    const { user } = renderCardPayment(store);
    await readyToPay();
    expect(screen.getByRole('link', { name: 'Book cart (2 items)' })).toBeVisible();

    await fillCard(user, SUCCEEDS);
    await user.click(payButton());

    expect(await screen.findByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
    expect(screen.getByText('Updating your cart…')).toBeVisible();
    expect(
      await screen.findByRole('link', { name: 'Book cart (0 items)' }, { timeout: 8000 }),
    ).toBeVisible();
    expect(await screen.findByText('Your cart is up to date.')).toBeVisible();
    expect(db.orders.map((order) => order.name)).toEqual(['Clean Code', 'Dune']);
    expect(selectCheckoutSource(store.getState())).toBeNull();
    // The paid page stays as it was.
    expect(screen.getByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
  });

  it('a webhook that never lands: after the wait it says the orders come in a moment, not that the cart is up to date', async () => {
    // The clock runs as usual (user-event and msw need it) but the 15 s wait is skipped over.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      inBookCart('l-1', 'Clean Code', 32.5, 1);
      // No settlePayment: the server never hears from Stripe.
      const store = checkoutStore({ source: 'books', totalCents: 3250, shipping: ADDRESS });
      const { user } = renderCardPayment(store);
      await readyToPay();

      await fillCard(user, SUCCEEDS);
      await user.click(payButton());

      expect(await screen.findByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
      // Still waiting just before the time-out.
      await vi.advanceTimersByTimeAsync(SETTLE_TIMEOUT_MS - 1000);
      expect(
        screen.queryByText('Your orders will show in My Orders in a moment.'),
      ).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(1000);
      expect(
        await screen.findByText('Your orders will show in My Orders in a moment.'),
      ).toBeVisible();
      expect(screen.queryByText('Your cart is up to date.')).not.toBeInTheDocument();
      expect(selectCheckoutSource(store.getState())).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says how long the books are held, and holds them again once the hold has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      inBookCart('l-1', 'Clean Code', 32.5, 1);
      let asks = 0;
      server.events.on('request:start', ({ request }) => {
        if (request.method === 'POST' && request.url.endsWith('/payments/intent')) asks += 1;
      });
      const { user } = renderCardPayment();
      await readyToPay();
      expect(
        screen.getByText(/^Your books are held for you until .+ \(15 minutes left\)\.$/),
      ).toBeVisible();
      expect(asks).toBe(1);

      await vi.advanceTimersByTimeAsync(14 * 60_000);
      expect(await screen.findByText(/\(1 minute left\)\.$/)).toBeVisible();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await screen.findByText(/Your hold on these books has ended/)).toBeVisible();
      // Paying still works meanwhile; renewing asks the server once more.
      expect(payButton()).toBeEnabled();
      await user.click(screen.getByRole('button', { name: 'Hold them again' }));
      expect(await screen.findByText(/\(15 minutes left\)\.$/)).toBeVisible();
      expect(asks).toBe(2);
    } finally {
      server.events.removeAllListeners();
      vi.useRealTimers();
    }
  });

  it('the shop goes down as the card is charged: the confirmation says so in words, then shows the order by itself', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    // The server is killed the moment Stripe charges the card: the proxy answers 502 with no body.
    let down = false;
    let paid: string | null = null;
    fakeStripe.onSucceeded = (paymentId) => {
      down = true;
      paid = paymentId;
    };
    server.use(
      http.get(apiPath('/orders/:id'), () =>
        down ? new HttpResponse('Bad Gateway', { status: 502 }) : undefined,
      ),
      http.get(apiPath('/carts'), () =>
        down ? new HttpResponse('Bad Gateway', { status: 502 }) : undefined,
      ),
    );
    const { user } = renderCardPayment();
    await readyToPay();
    await fillCard(user, SUCCEEDS);
    await user.click(payButton());

    expect(await screen.findByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
    const confirmation = await screen.findByRole('region', { name: 'Order confirmation' });
    expect(
      await within(confirmation).findByText(
        'We could not reach the shop. Your payment is safe; this page updates by itself.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/The server answered/)).not.toBeInTheDocument();
    expect(within(confirmation).queryByRole('alert')).not.toBeInTheDocument();

    // Back up: it settled the payment with Stripe on start-up, and the page shows the order.
    if (paid === null) throw new Error('not paid');
    settlePayment(paid);
    down = false;
    expect(await within(confirmation).findByText('Paid', {}, { timeout: 8000 })).toBeVisible();
    expect(
      within(confirmation).queryByText(
        'We could not reach the shop. Your payment is safe; this page updates by itself.',
      ),
    ).not.toBeInTheDocument();
    expect(within(confirmation).getByRole('cell', { name: 'Clean Code' })).toBeVisible();
  });

  it("failure: Stripe's message in red as an alert; another card then succeeds", async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const { user } = renderCardPayment();
    await readyToPay();

    await fillCard(user, DECLINED);
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(within(alert).getByText('Your card was declined.')).toBeVisible();
    expect(alert).toHaveClass('text-error');
    expect(screen.queryByText(PAYMENT_TEXTS.succeeded)).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();

    await user.clear(await cardNumber());
    await user.type(await cardNumber(), SUCCEEDS);
    await user.click(payButton());

    expect(await screen.findByText(PAYMENT_TEXTS.succeeded)).toBeVisible();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    // Both tries confirmed the same intent.
    expect(fakeStripe.confirmCalls.map((call) => call.cardNumber)).toEqual([DECLINED, SUCCEEDS]);
    expect(new Set(fakeStripe.confirmCalls.map((call) => call.clientSecret)).size).toBe(1);
  });

  it('nothing happens while the card field is not ready', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    fakeStripe.cardSendsReady = false;
    const { user } = renderCardPayment();
    await screen.findByText('Please pay : 32.50$');
    await fillCard(user, SUCCEEDS);

    expect(screen.getByText('Loading the card field…')).toBeVisible();
    expect(payButton()).toBeDisabled();
    await user.click(payButton());
    expect(fakeStripe.confirmCalls).toHaveLength(0);
  });

  it('without Stripe configured it says so, Pay is disabled, and no intent is asked for', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    fakeStripe.configured = false;
    renderCardPayment();

    expect(await screen.findByText(PAYMENT_TEXTS.notConfigured)).toBeVisible();
    expect(payButton()).toBeDisabled();
    expect(screen.queryByText(/Please pay/)).not.toBeInTheDocument();
    expect(db.payments).toHaveLength(0);
  });

  it("the server's refusal is shown as an alert (an empty cart)", async () => {
    // The book cart was emptied on the server after the page opened (e.g. in another tab).
    const store = checkoutStore({ source: 'books', shipping: ADDRESS });
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    server.use(
      http.post(apiPath('/payments/intent'), () =>
        HttpResponse.json(
          { error: { code: 'bad_request', message: CHECKOUT_MESSAGES.emptyCart } },
          { status: 400 },
        ),
      ),
    );
    renderCardPayment(store);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHECKOUT_MESSAGES.emptyCart);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(payButton()).toBeDisabled();
  });

  it('a provider outage (503/502) is shown, and Try again asks once more', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    let calls = 0;
    server.use(
      http.post(apiPath('/payments/intent'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'bad_gateway', message: CHECKOUT_MESSAGES.paymentProviderFailed } },
              { status: 502 },
            )
          : undefined;
      }),
    );
    const { user } = renderCardPayment();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CHECKOUT_MESSAGES.paymentProviderFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Please pay : 32.50$')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('without a saved address it goes back to the shipping form', async () => {
    inBookCart('l-1', 'Clean Code', 32.5, 1);
    const { router } = renderCardPayment(checkoutStore({ source: 'books' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(await screen.findByRole('form', { name: 'Shipping address' })).toBeVisible();
  });

  it('with nothing to pay it says so, with links to both carts', async () => {
    renderCardPayment(checkoutStore({ source: 'courses', courses: [] }));

    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your book cart' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your course cart' })).toBeVisible();
    expect(db.payments).toHaveLength(0);
  });
});
