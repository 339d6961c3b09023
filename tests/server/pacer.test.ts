import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacer } from '../../server/chat/pacer';

// The chat's pacing (server/chat/pacer.ts) on a fake clock.
describe('pacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at the end of the turn when idle, and at most once per interval under load', async () => {
    const pace = pacer(10);
    const runs: number[] = [];
    const start = Date.now();
    const work = () => runs.push(Date.now() - start);

    pace.schedule(work);
    expect(runs).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(runs).toEqual([0]);

    // Asked for 3 ms after the last run, three times: one run, 10 ms after the last.
    await vi.advanceTimersByTimeAsync(3);
    pace.schedule(work);
    pace.schedule(work);
    await vi.advanceTimersByTimeAsync(5);
    pace.schedule(work);
    expect(runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(2);
    expect(runs).toEqual([0, 10]);

    // Quiet for the interval: the next run waits for nothing again.
    await vi.advanceTimersByTimeAsync(25);
    pace.schedule(work);
    await vi.advanceTimersToNextTimerAsync();
    expect(runs).toEqual([0, 10, 35]);
  });
});
