import { confirm, createAccount, expect, logIn, test, uniqueEmail } from './support/fixtures';
import { fillShipping, payWith } from './support/shipping-form';

// An admin refunds one line of a paid order through the Orders screen: the Stripe emulator
// refunds it and signs the events; the shopper's My Orders says "Refunded" and the stock is back.
// The Sales chart shows the day's revenue.

test('an admin refunds one line; My Orders shows "Refunded", the copies are back, Sales shows the day', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Two books of the test's own (through the API, as the admin), so no other spec sees them.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, 'admin@learntogether.test', 'admin123');
  const token = await admin.evaluate(() => localStorage.getItem('accessToken'));
  const stamp = Date.now();
  const books = [
    { name: `E2E Refund Kept ${stamp}`, price: 6 },
    { name: `E2E Refund Back ${stamp}`, price: 4.5 },
  ];
  const ids: string[] = [];
  for (const book of books) {
    const res = await admin.request.post('/api/book', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: book.name,
        author: 'Refund Tester',
        category: 'story',
        price: book.price,
        image: 'https://i.ibb.co/e2e/cover.png',
        stock: 5,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { insertedId: string }).insertedId);
  }

  // A shopper buys one copy of each.
  const email = uniqueEmail('refund-shopper');
  await createAccount(email, 'secret123', 'Refund Shopper');
  await logIn(page, email, 'secret123');
  for (const [index, id] of ids.entries()) {
    const { name } = books[index]!;
    await page.goto(`/book/${id}`);
    // By name: "More in story" below has other books' Order Now too.
    await page.getByRole('button', { name: `Order Now: ${name}`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Added: ${name}`, exact: true })).toBeVisible();
  }
  await page.goto('/cart-book');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillShipping(page, email);
  await payWith(page, '4242 4242 4242 4242');
  const confirmation = page.getByRole('region', { name: 'Order confirmation' });
  await expect(confirmation.getByText('Paid', { exact: true })).toBeVisible();
  const orderNumber = (await confirmation.getByText(/^LT-[0-9A-F]{8}$/).textContent()) ?? '';
  await page.goto(`/book/${ids[1]}`);
  await expect(page.getByText('In stock').or(page.getByText('Only 4 left'))).toBeVisible();

  // The admin finds the order and refunds the second book.
  await admin.goto('/dashboard/orders');
  await admin.getByLabel('Customer email').fill(email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('button', { name: `View order ${orderNumber}` }).click();
  await admin.getByRole('checkbox', { name: `Select ${books[1]!.name} for a refund` }).check();
  await admin.getByRole('button', { name: 'Refund selected' }).click();
  await confirm(admin, 'Yes, refund $4.50');
  await expect(admin.getByText(/^Refund of \$4\.50 asked of Stripe/)).toBeVisible();
  // Stripe's signed events mark the line refunded.
  const refundedLine = admin.getByRole('listitem').filter({ hasText: books[1]!.name });
  await expect(refundedLine.getByText('Refunded', { exact: true })).toBeVisible();

  // Sales: today's bar and figures are the day's revenue as the server adds it up (this sale's
  // $10.50 among the other specs'; a sale elsewhere in between only means another look).
  await admin.goto('/dashboard/sales');
  const chart = admin.getByRole('img', { name: /^Revenue per day/ });
  await expect
    .poll(async () => {
      await admin.reload();
      const label = (await chart.getAttribute('aria-label')) ?? '';
      const res = await admin.request.get('/api/admin/sales?days=30', {
        headers: { authorization: `Bearer ${token}` },
      });
      const report = (await res.json()) as { daily: Array<{ revenue: number; orders: number }> };
      const today = report.daily.at(-1);
      if (!today || today.revenue < 10.5) return `today is ${JSON.stringify(today)}`;
      const shown = await admin.getByText(/^Today: \$/).textContent();
      const orders = today.orders === 1 ? '1 order' : `${today.orders} orders`;
      const money = `$${today.revenue.toFixed(2)}`;
      return label.endsWith(`Today ${money}.`) && shown === `Today: ${money} from ${orders}`
        ? 'matches'
        : `${label} / ${shown} / ${money}`;
    })
    .toBe('matches');
  await adminContext.close();

  // The shopper's My Orders says so, and the copy is back on the shelf (5 again).
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('cell', { name: `${books[1]!.name} Refunded` })).toBeVisible();
  await expect(page.getByRole('cell', { name: books[0]!.name, exact: true })).toBeVisible();
  await page.goto(`/book/${ids[1]}`);
  await expect(page.getByText('Only 5 left')).toBeVisible();
});
