import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadScreen } from '@/app/screens';
import { paths } from '@/config/paths';
import { renderApp } from '@/testing/render';

// A prerendered page is hydrated once its screen's chunk has loaded (docs/decisions.md D49): the
// screen must then render in that first render, or React would show the spinner in place of the
// markup already on the page and draw the screen again.
describe('a screen whose chunk has loaded', () => {
  it('shows in the first render, without the spinner', async () => {
    await loadScreen('info');
    renderApp({ route: paths.about });
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
