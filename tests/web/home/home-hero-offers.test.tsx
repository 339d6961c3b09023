import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';

/**
 * The browser's IntersectionObserver, which jsdom lacks: the test says when the observed box
 * scrolls away and back.
 */
function stubIntersectionObserver() {
  const observers = new Set<StubObserver>();
  class StubObserver {
    readonly targets: Element[] = [];
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    disconnect() {
      observers.delete(this);
    }
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);
  return (isIntersecting: boolean) =>
    act(() => {
      for (const { callback, targets } of observers)
        callback(
          targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The offer's letters typed so far. */
const typed = () => document.querySelector('.hero-typewriter')?.textContent ?? '';

describe('the home hero offers', () => {
  it('are typed until the reader pauses them, and play again', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/' });
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

  it('stop typing while scrolled off the screen, and go on when back', async () => {
    const scrolled = stubIntersectionObserver();
    renderApp({ route: '/' });
    await expect.poll(typed, { timeout: 5_000 }).toMatch(/^Up/);
    scrolled(false);
    const away = typed();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(typed()).toBe(away);
    scrolled(true);
    await expect.poll(typed, { timeout: 5_000 }).not.toBe(away);
    // The reader's own choice is untouched: the button still offers to pause.
    expect(screen.getByRole('button', { name: 'Pause the offers' })).toBeInTheDocument();
  });
});
