import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('the home hero offers', () => {
  it('are typed until the reader pauses them, and play again', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/' });
    const typed = () => document.querySelector('.hero-typewriter')?.textContent ?? '';
    // The first letters arrive, at 70 ms a letter.
    await expect.poll(typed, { timeout: 5_000 }).toMatch(/^Up/);
    await user.click(screen.getByRole('button', { name: 'Pause the offers' }));
    const paused = typed();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(typed()).toBe(paused);
    await user.click(screen.getByRole('button', { name: 'Play the offers' }));
    await expect.poll(typed, { timeout: 5_000 }).not.toBe(paused);
    expect(screen.getByRole('button', { name: 'Pause the offers' })).toBeInTheDocument();
  });
});
