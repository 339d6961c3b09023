import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PageRoute, VitalsBeacon } from '@contract/vitals';
import { buildUser } from '@/testing/data';
import { db } from '@/testing/mocks/db';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render';

const ADMIN = 'admin@learntogether.test';
const DAY_MS = 86_400_000;

/** A page view `daysAgo` days ago with these metrics. */
const view = (route: PageRoute, metrics: VitalsBeacon['metrics'], daysAgo = 0) => ({
  route,
  metrics,
  createdAt: Date.now() - daysAgo * DAY_MS,
});

/** /book: 4 views, /home: 2 (the p75s worked out by hand), /cart: 1 ten days ago. */
function seedViews() {
  db.vitals = [
    view('/book', { LCP: 1000, INP: 100, CLS: 0.01, FCP: 1500 }),
    view('/book', { LCP: 2000, INP: 150, CLS: 0.02 }),
    view('/book', { LCP: 3000, INP: 200, CLS: 0.05 }),
    view('/book', { LCP: 4000, INP: 600 }),
    view('/home', { LCP: 5000, INP: 50, CLS: 0.3, FCP: 1000, TTFB: 700 }, 1),
    view('/home', { LCP: 6000, INP: 70, CLS: 0.4, FCP: 1200, TTFB: 900 }, 2),
    view('/cart', { LCP: 1200 }, 10),
  ];
}

async function renderPerformance(route = '/dashboard/performance') {
  const rendered = renderApp(
    { route },
    { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
  );
  await screen.findByRole('heading', { level: 1, name: 'Performance' });
  return rendered;
}

/** The table's rows under its header, each as its cells' text (the page first). */
async function tableRows(): Promise<string[][]> {
  const table = within(await screen.findByRole('table', { name: /^Every metric per page/ }));
  return table
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent ?? '',
      ),
    );
}

// The first test loads the dashboard's chunks, slow on a busy 2-core machine.
describe('Performance (/dashboard/performance)', { timeout: 20_000 }, () => {
  it('shows each page’s p75s, ratings and views, most viewed first', async () => {
    seedViews();
    await renderPerformance();
    expect(
      screen.getByText(/^How fast the shop is for the people who use it: the 75th percentile/),
    ).toBeVisible();
    expect(await screen.findByRole('table')).toHaveAccessibleName(
      'Every metric per page (75th percentile, last 7 days)',
    );
    expect(await tableRows()).toEqual([
      [
        '/book',
        '4',
        // LCP 1000…4000: 3000 + 0.25 × 1000.
        '3.25 sNeeds improvement4 views',
        // INP 100, 150, 200, 600: 200 + 0.25 × 400.
        '300 msNeeds improvement4 views',
        // CLS 0.01, 0.02, 0.05: halfway between 0.02 and 0.05.
        '0.035Good3 views',
        '1.50 sGood1 view',
        '—Not measured',
      ],
      [
        '/home',
        '2',
        '5.75 sPoor2 views',
        '65 msGood2 views',
        '0.375Poor2 views',
        '1.15 sGood2 views',
        '0.85 sNeeds improvement2 views',
      ],
    ]);
  });

  it('sums each Core Web Vital up in the chart’s text alternatives', async () => {
    seedViews();
    await renderPerformance();
    expect(await screen.findByRole('img', { name: /^LCP / })).toHaveAccessibleName(
      'LCP (Largest Contentful Paint) at the 75th percentile per page, against the good limit ' +
        'of 2.50 s: 0 pages good, 1 page needing improvement, 1 page poor. Worst: /home, 5.75 s.',
    );
    expect(screen.getByRole('img', { name: /^INP / })).toHaveAccessibleName(
      /1 page good, 1 page needing improvement, 0 pages poor\. Worst: \/book, 300 ms\.$/,
    );
    expect(screen.getByRole('img', { name: /^CLS / })).toHaveAccessibleName(
      /good limit of 0\.100: 1 page good, 0 pages needing improvement, 1 page poor\. Worst: \/home, 0\.375\.$/,
    );
    // One bar per measured page.
    expect(screen.getByRole('img', { name: /^LCP / }).querySelectorAll('rect')).toHaveLength(2);
  });

  it('takes another period from its menu, kept in the address', async () => {
    seedViews();
    const { router } = await renderPerformance();
    expect((await tableRows()).map((row) => row[0])).toEqual(['/book', '/home']);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '14' } });
    await waitFor(() => expect(router.state.location.search).toBe('?days=14'));
    await waitFor(async () =>
      expect((await tableRows()).map((row) => row[0])).toEqual(['/book', '/home', '/cart']),
    );
    expect(screen.getByRole('table')).toHaveAccessibleName(/last 14 days/);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the period from the address', async () => {
    seedViews();
    await renderPerformance('/dashboard/performance?days=30');
    expect(screen.getByLabelText('Period')).toHaveValue('30');
    expect((await tableRows()).map((row) => row[0])).toEqual(['/book', '/home', '/cart']);
  });

  it('says so when no page view was measured', async () => {
    db.vitals = [view('/home', { LCP: 1000 }, 20)];
    await renderPerformance();
    expect(await screen.findByText('No page views measured in the last 7 days.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the figures cannot be read, and tries again', async () => {
    seedViews();
    server.use(
      http.get(
        apiPath('/admin/vitals'),
        () =>
          HttpResponse.json(
            { error: { code: 'internal', message: 'The database is not answering.' } },
            { status: 503 },
          ),
        { once: true },
      ),
    );
    await renderPerformance();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await tableRows()).toHaveLength(2);
  });

  it('is in the admin’s dashboard menu, after Sales', async () => {
    renderApp(
      { route: '/dashboard' },
      { auth: { user: buildUser({ email: ADMIN, displayName: 'Ada Admin' }) } },
    );
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(await menu.findByRole('link', { name: 'Performance' })).toHaveAttribute(
      'href',
      '/dashboard/performance',
    );
    const labels = menu.getAllByRole('link').map((link) => link.textContent);
    expect(labels.indexOf('Performance')).toBe(labels.indexOf('Sales') + 1);
  });

  it('is not for students: they are signed out and sent to /login', async () => {
    const { router, auth } = renderApp(
      { route: '/dashboard/performance' },
      { auth: { user: buildUser() } },
    );
    // The guard waits for the role (a request) before it signs out.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 10_000,
    });
    expect(auth.signOutCalls).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Performance' })).not.toBeInTheDocument();
  });
});
