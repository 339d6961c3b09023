// The dev stack's supervisor (scripts/lib/supervisor.ts, D55): what `npm run dev` does when its
// server dies, with real child processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supervise, watchSources, type Supervisor } from '../../scripts/lib/supervisor';

/** A child that runs until killed, or one that exits at once with `code`. */
const forever = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
const exitsWith = (code: number) => () => spawn(process.execPath, ['-e', `process.exit(${code})`]);

const eventually = { timeout: 10_000, interval: 20 };
const running = (child: ChildProcess | undefined) =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
});

function start(startChild: () => ChildProcess, backoffMs = [20, 20, 20]) {
  const lines: string[] = [];
  const gaveUp: string[] = [];
  const started: ChildProcess[] = [];
  supervisor = supervise({
    name: 'server',
    start: () => {
      const child = startChild();
      started.push(child);
      return child;
    },
    backoffMs,
    stableAfterMs: 60_000,
    log: (line) => lines.push(line),
    onGiveUp: (message) => gaveUp.push(message),
  });
  return { supervisor, lines, gaveUp, started };
}

describe('supervise (npm run dev’s server)', () => {
  it('starts a killed process again (kill -9), saying so', async () => {
    const { supervisor, lines, started } = start(forever);
    const first = supervisor.current();
    expect(running(first)).toBe(true);
    first?.kill('SIGKILL');

    await vi.waitFor(() => expect(started).toHaveLength(2), eventually);
    expect(running(supervisor.current())).toBe(true);
    expect(supervisor.current()?.pid).not.toBe(first?.pid);
    expect(lines).toEqual([
      '[server] stopped (killed by SIGKILL): starting it again in 20 ms (1/3).',
    ]);
  });

  it('gives up after the backoff is spent, with a message, and starts nothing more', async () => {
    const { gaveUp, started, lines } = start(exitsWith(3));
    await vi.waitFor(() => expect(gaveUp).toHaveLength(1), eventually);
    // The first start and three restarts.
    expect(started).toHaveLength(4);
    expect(lines).toHaveLength(3);
    expect(gaveUp[0]).toMatch(
      /^The server process keeps stopping \(exit code 3, 4 times in a row\)/,
    );
    expect(gaveUp[0]).toContain('stopping the dev stack');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toHaveLength(4);
  });

  it('restarts on a change; a death right after it waits for the next change', async () => {
    let broken = false;
    const { supervisor, started, gaveUp, lines } = start(() =>
      broken ? exitsWith(1)() : forever(),
    );
    const first = supervisor.current();
    broken = true;
    supervisor.restart();
    await vi.waitFor(() => expect(started).toHaveLength(2), eventually);
    // The old one was stopped for the restart, not counted as a death.
    expect(first?.signalCode).toBe('SIGTERM');
    await vi.waitFor(
      () =>
        expect(lines).toContain(
          '[server] stopped right after a change (exit code 1): waiting for the next change.',
        ),
      eventually,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toHaveLength(2);
    expect(gaveUp).toEqual([]);

    broken = false;
    supervisor.restart();
    await vi.waitFor(() => expect(running(supervisor.current())).toBe(true), eventually);
    expect(started).toHaveLength(3);
  });

  it('stop() ends it for good: no restart follows', async () => {
    const { supervisor, started } = start(forever);
    const child = supervisor.current();
    await supervisor.stop();
    expect(child?.signalCode).toBe('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started).toHaveLength(1);
    expect(supervisor.current()).toBeUndefined();
  });
});

describe('watchSources', () => {
  it('reports a changed source file once edits settle, and ignores other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-watch-'));
    const changes: string[] = [];
    const unwatch = watchSources([dir], /\.ts$/, (file) => changes.push(file), 50);
    try {
      writeFileSync(join(dir, 'notes.md'), 'x');
      writeFileSync(join(dir, 'index.ts'), 'export {};');
      writeFileSync(join(dir, 'index.ts'), 'export const a = 1;');
      await vi.waitFor(() => expect(changes).toEqual([`${dir}/index.ts`]), eventually);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(changes).toHaveLength(1);
    } finally {
      unwatch();
    }
  });
});
