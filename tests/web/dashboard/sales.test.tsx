import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { salesPeriodDays } from '@contract/sales';
import { buildShipping, buildUser } from '@/testing/data';
import { db, type PaymentLine } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';
const DAY_MS = 86_400_000;

const shipping = buildShipping({ email: 'sam@example.test' });

let sequence = 0;
/** A paid checkout `daysAgo` days ago: its payment and its orders (`refunded` lines refunded). */
function sale(daysAgo: number, lines: Array<PaymentLine & { refunded?: boolean }>) {
  const id = `pi_sale_${++sequence}`;
  const at = Date.now() - daysAgo * DAY_MS;
  db.payments.push({
    id,
    clientSecret: `${id}_secret_x`,
    email: shipping.email,
    source: lines[0]?.courseId ? 'courses' : 'books',
    lines: lines.map(({ refunded: _refunded, ...line }) => line),
    amountCents: lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
    shipping,
    status: 'succeeded',
    createdAt: at,
    refunds: lines.some((line) => line.refunded)
      ? [
          {
            actorEmail: ADMIN,
            orderIds: [],
            amount: lines
              .filter((line) => line.refunded)
              .reduce((sum, line) => sum + (line.unitPriceCents * line.quantity) / 100, 0),
            createdAt: Date.now(),
          },
        ]
      : [],
  });
  db.orders.push(
    ...lines.map((line) => ({
      _id: `o-sale-${++sequence}`,
      name: line.name,
      quantity: line.quantity,
      price: line.unitPriceCents / 100,
      refunded: line.refunded ?? false,
      email: shipping.email,
      paymentId: id,
      shipping,
      createdAt: at,
    })),
  );
}

async function renderSales(route = '/dashboard/sales') {
  renderApp({ route }, { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } });
  await screen.findByRole('heading', { level: 1, name: 'What the shop sold' });
}

/** A figure's value by its label (Revenue, Orders, Refunds, Net). */
async function figure(label: string): Promise<string> {
  const term = await screen.findByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('Sales (/dashboard/sales)', () => {
  it("shows the period's figures, today's revenue in the chart, and the best-sellers", async () => {
    sale(0, [
      { name: 'Dune', bookId: 'b-dune', quantity: 2, unitPriceCents: 1000 },
      { name: 'Emma', bookId: 'b-emma', quantity: 1, unitPriceCents: 500, refunded: true },
    ]);
    sale(3, [{ name: 'Emma', bookId: 'b-emma', quantity: 4, unitPriceCents: 500 }]);
    sale(3, [{ name: 'Modern JavaScript', courseId: 'c-js', quantity: 1, unitPriceCents: 4999 }]);
    sale(45, [{ name: 'Old Book', bookId: 'b-old', quantity: 9, unitPriceCents: 100 }]);
    await renderSales();

    expect(await figure('Revenue')).toBe('$94.99');
    expect(await figure('Orders')).toBe('3');
    expect(await figure('Refunds')).toBe('1');
    expect(await figure('Net')).toBe('$89.99');
    expect(screen.getByText('$5.00 refunded')).toBeInTheDocument();

    const chart = screen.getByRole('img', { name: /^Revenue per day/ });
    expect(chart).toHaveAccessibleName(/Today \$25\.00\.$/);
    expect(chart).toHaveAccessibleName(/Best day .*, \$69\.99\./);
    expect(screen.getByText('Today: $25.00 from 1 order')).toBeInTheDocument();
    // 30 bars, one per day.
    expect(chart.querySelectorAll('rect')).toHaveLength(30);

    const books = within(screen.getByRole('region', { name: 'Best-selling books' }));
    expect(books.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Emma4 copies$20.00',
      '2Dune2 copies$20.00',
    ]);
    const courses = within(screen.getByRole('region', { name: 'Best-selling courses' }));
    expect(courses.getByRole('listitem')).toHaveTextContent('Modern JavaScript1 sale$49.99');

    // The same days as a table, newest first.
    const table = within(screen.getByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent(/1\s*\$25\.00$/);
  });

  it('takes another period from its menu', async () => {
    sale(45, [{ name: 'Old Book', bookId: 'b-old', quantity: 9, unitPriceCents: 100 }]);
    await renderSales();
    // Neither books nor courses sold in the last 30 days.
    expect(await screen.findAllByText('None sold in this period.')).toHaveLength(2);
    expect(
      screen.getByRole('img', { name: /Nothing sold in this period\. Today \$0\.00\./ }),
    ).toBeVisible();

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '90' } });
    const books = within(await screen.findByRole('region', { name: 'Best-selling books' }));
    expect(await books.findByText('Old Book')).toBeVisible();
    expect(await figure('Revenue')).toBe('$9.00');
    expect(
      screen.getByRole('img', { name: /^Revenue per day/ }).querySelectorAll('rect'),
    ).toHaveLength(90);
    const [first] = salesPeriodDays(90, new Date());
    const firstLabel = new Date(`${first}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(screen.getByText(`${firstLabel} to`, { exact: false })).toHaveTextContent('(UTC days)');
  });

  it('says when the report cannot be read, and tries again', async () => {
    server.use(
      http.get(
        apiPath('/admin/sales'),
        () =>
          HttpResponse.json(
            { error: { code: 'internal', message: 'The database is not answering.' } },
            { status: 503 },
          ),
        { once: true },
      ),
    );
    await renderSales();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await figure('Orders')).toBe('0');
  });

  it('is in the admin’s dashboard menu', async () => {
    renderApp(
      { route: '/dashboard' },
      { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
    );
    expect(await screen.findByRole('link', { name: 'Sales' })).toHaveAttribute(
      'href',
      '/dashboard/sales',
    );
  });
});
