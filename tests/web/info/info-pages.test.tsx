import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { SHOP_DESCRIPTION } from '@/lib/page-meta';
import { renderApp } from '@/testing/render';

// The footer's company and legal pages (docs/product.md §2.19): open to everyone, one screen.
const PAGES = [
  { path: paths.about, link: 'About us', heading: 'About us' },
  { path: paths.contact, link: 'Contact', heading: 'Contact us' },
  { path: paths.jobs, link: 'Jobs', heading: 'Jobs' },
  { path: paths.terms, link: 'Terms of use', heading: 'Terms of use' },
  { path: paths.privacy, link: 'Privacy policy', heading: 'Privacy policy' },
  { path: paths.cookies, link: 'Cookie policy', heading: 'Cookie policy' },
];

const main = () => within(screen.getByRole('main'));
const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

// The first test loads the screen's chunk, slow on a busy 2-core machine.
describe('info pages', { timeout: 15_000 }, () => {
  it.each(PAGES)('$path shows its heading to a visitor and names the tab', async (page) => {
    renderApp({ route: page.path });
    expect(
      await screen.findByRole('heading', { level: 1, name: page.heading }),
    ).toBeInTheDocument();
    // Named with the screen's own render (React 19's <title>): nothing to wait for.
    expect(document.title).toBe(`${page.heading} · LearnTogether`);
  });

  it.each(PAGES)('the footer link $link opens $path', async (page) => {
    const { user, router } = renderApp({ route: paths.drawing });
    const footer = within(await screen.findByRole('contentinfo'));
    await user.click(footer.getByRole('link', { name: page.link }));
    expect(
      await screen.findByRole('heading', { level: 1, name: page.heading }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(page.path);
  });

  it('matches its path as the router does: any case, a trailing slash', async () => {
    renderApp({ route: '/Privacy/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }),
    ).toBeInTheDocument();
  });

  it('gives the tab its name back when the visitor leaves, with one title and description', async () => {
    const { user } = renderApp({ route: paths.terms });
    await screen.findByRole('heading', { level: 1, name: 'Terms of use' });
    expect(document.title).toBe('Terms of use · LearnTogether');
    expect(description()).toMatch(/^These terms apply when you use LearnTogether/);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    const footer = within(screen.getByRole('contentinfo'));
    await user.click(footer.getByRole('link', { name: 'LearnTogether' }));
    await screen.findByRole('heading', { level: 1, name: /Welcome to/ });
    // The home screen names no tab of its own: the shop's name and description.
    expect(document.title).toBe('LearnTogether');
    expect(description()).toBe(SHOP_DESCRIPTION);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('the privacy policy says how to have data deleted and links the cookie policy', async () => {
    renderApp({ route: paths.privacy });
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    for (const link of main().getAllByRole('link', { name: 'privacy@learntogether.example' })) {
      expect(link).toHaveAttribute('href', 'mailto:privacy@learntogether.example');
    }
    expect(main().getByRole('heading', { name: 'How long we keep it' })).toBeInTheDocument();
    expect(main().getByText(/never touch our servers/)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'cookie policy' })).toHaveAttribute(
      'href',
      paths.cookies,
    );
  });

  it('the cookie policy names what the shop keeps in the browser', async () => {
    renderApp({ route: paths.cookies });
    await screen.findByRole('heading', { level: 1, name: 'Cookie policy' });
    for (const key of ['accessToken', 'courseCart', 'checkout', 'chatName']) {
      expect(main().getByText(key, { selector: 'code' })).toBeInTheDocument();
    }
  });

  it('contact and jobs give an email address to write to', async () => {
    const { user } = renderApp({ route: paths.contact });
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    expect(main().getByRole('link', { name: 'hello@learntogether.example' })).toHaveAttribute(
      'href',
      'mailto:hello@learntogether.example',
    );

    await user.click(main().getByRole('link', { name: 'jobs' }));
    await screen.findByRole('heading', { level: 1, name: 'Jobs' });
    expect(main().getByText('We have no open positions at the moment.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'jobs@learntogether.example' })).toHaveAttribute(
      'href',
      'mailto:jobs@learntogether.example',
    );
  });
});
