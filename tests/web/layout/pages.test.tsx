import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { renderApp } from '@/testing/render';

describe('not found page', () => {
  it('says the page was not found, shows the path and links home', async () => {
    renderApp({ route: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/');
  });
});

describe('group learning page', () => {
  it("greets with the spec's text and links Let's Learn to /messagebox", async () => {
    renderApp({ route: '/grouplearn' }, { auth: { user: buildUser() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello Dear' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'If you want to learn in a team with your friends, Then clink the "Let\'s Learn" button.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Let's Learn" })).toHaveAttribute(
      'href',
      '/messagebox',
    );
  });
});

describe('footer', () => {
  it('links the company and legal pages, and has the newsletter form and the copyright year', async () => {
    renderApp({ route: '/drawing' });
    const footer = await screen.findByRole('contentinfo');
    const inFooter = within(footer);
    const links = {
      Company: [
        ['About us', '/about'],
        ['Contact', '/contact'],
        ['Jobs', '/jobs'],
      ],
      Legal: [
        ['Terms of use', '/terms'],
        ['Privacy policy', '/privacy'],
        ['Cookie policy', '/cookies'],
      ],
    };
    for (const [column, items] of Object.entries(links)) {
      const list = within(inFooter.getByRole('region', { name: column }));
      expect(list.getAllByRole('link').map((link) => link.textContent)).toEqual(
        items.map(([label]) => label),
      );
      for (const [label, href] of items) {
        expect(list.getByRole('link', { name: label })).toHaveAttribute('href', href);
      }
    }
    expect(inFooter.getByRole('link', { name: 'LearnTogether' })).toHaveAttribute('href', '/');
    expect(inFooter.getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
    expect(inFooter.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} LearnTogether`);
  });

  it('the layout navbar counts the course cart lines from the store', async () => {
    const { user } = renderApp({ route: '/courses' });
    expect(await screen.findByRole('link', { name: 'Course cart (0 items)' })).toBeInTheDocument();
    const buttons = await screen.findAllByRole('button', { name: /add to cart/i });
    await user.click(buttons[0] as HTMLElement);
    await user.click(buttons[1] as HTMLElement);
    expect(screen.getByRole('link', { name: 'Course cart (2 items)' })).toBeInTheDocument();
  });
});
