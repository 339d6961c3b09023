import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfferTyper, OFFER_TIMING } from '@/features/home/offer-typer';

const { typeMs, holdMs, eraseMs } = OFFER_TIMING;

describe('the offer typer', () => {
  let box: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    box = document.createElement('span');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('types an offer at 70 ms a letter, holds it, erases it and types the next, round and round', () => {
    const typer = createOfferTyper(box, ['Hi', 'Yo']);
    typer.start();
    expect(box.textContent).toBe('');
    vi.advanceTimersByTime(typeMs);
    expect(box.textContent).toBe('H');
    vi.advanceTimersByTime(typeMs);
    expect(box.textContent).toBe('Hi');
    // Held in full.
    vi.advanceTimersByTime(holdMs - 1);
    expect(box.textContent).toBe('Hi');
    vi.advanceTimersByTime(1);
    expect(box.textContent).toBe('H');
    vi.advanceTimersByTime(eraseMs);
    expect(box.textContent).toBe('');
    vi.advanceTimersByTime(typeMs);
    expect(box.textContent).toBe('Y');
    vi.advanceTimersByTime(typeMs + holdMs + 2 * eraseMs + typeMs);
    // Back to the first offer.
    expect(box.textContent).toBe('H');
  });

  it('stops at the letter reached and goes on from it', () => {
    const typer = createOfferTyper(box, ['Hello']);
    typer.start();
    vi.advanceTimersByTime(3 * typeMs);
    typer.stop();
    vi.advanceTimersByTime(10_000);
    expect(box.textContent).toBe('Hel');
    typer.start();
    // A second start() while typing changes nothing: one timer, not two.
    typer.start();
    vi.advanceTimersByTime(typeMs);
    expect(box.textContent).toBe('Hell');
  });

  it('keeps one timer per letter and asks for no animation frames, so nothing runs while an offer is held', () => {
    const frames = vi.spyOn(window, 'requestAnimationFrame');
    const typer = createOfferTyper(box, ['Up to 10% off']);
    typer.start();
    vi.advanceTimersByTime(13 * typeMs);
    expect(box.textContent).toBe('Up to 10% off');
    expect(vi.getTimerCount()).toBe(1);
    // While held: no callback runs until the hold is over.
    const spy = vi.fn();
    const observer = new MutationObserver(spy);
    observer.observe(box, { childList: true, characterData: true, subtree: true });
    vi.advanceTimersByTime(holdMs - 1);
    expect(spy).not.toHaveBeenCalled();
    expect(frames).not.toHaveBeenCalled();
    observer.disconnect();
    typer.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('types a letter made of two UTF-16 units as one', () => {
    const typer = createOfferTyper(box, ['😀!']);
    typer.start();
    vi.advanceTimersByTime(typeMs);
    expect(box.textContent).toBe('😀');
  });
});
