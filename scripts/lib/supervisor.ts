import type { ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';

/** How a supervised process was (re)started: it decides what its death means. */
type StartReason = 'initial' | 'crash' | 'change';

export type SupervisorOptions = {
  name: string;
  /** Starts the process (again). */
  start: () => ChildProcess;
  /** The waits before each restart after an unexpected exit, in a row; after the last, give up. */
  backoffMs: readonly number[];
  /** A process that ran this long had worked: its death starts a new series of restarts. */
  stableAfterMs: number;
  log: (line: string) => void;
  /** It kept dying: the caller stops everything (`message` says what happened). */
  onGiveUp: (message: string) => void;
};

export type Supervisor = {
  /** Restarts it now (a source file changed); a crash before it has run a while waits for the next. */
  restart(): void;
  /** Stops it for good (SIGTERM, SIGKILL after 5 s); no restart follows. */
  stop(): Promise<void>;
  /** The running child, if any. */
  current(): ChildProcess | undefined;
};

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `killed by ${signal}` : `exit code ${code}`;

/**
 * Keeps a dev process running (docs/decisions.md D55): when it dies unexpectedly it is started
 * again after a growing wait, and after `backoffMs.length` quick deaths in a row `onGiveUp` is
 * called. A death soon after a restart for a changed file is the change's: it waits for the next
 * change instead, as `tsx watch` did.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  const { name, log } = options;
  let child: ChildProcess | undefined;
  let startedAt = 0;
  let reason: StartReason = 'initial';
  let streak = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const launch = (why: StartReason) => {
    reason = why;
    startedAt = Date.now();
    const started = options.start();
    child = started;
    started.once('exit', (code, signal) => {
      if (child !== started) return; // replaced on purpose (restart or stop)
      child = undefined;
      if (!stopped) onDeath(code, signal);
    });
  };

  const onDeath = (code: number | null, signal: NodeJS.Signals | null) => {
    const ranFor = Date.now() - startedAt;
    const how = describeExit(code, signal);
    if (ranFor >= options.stableAfterMs) streak = 0;
    if (reason === 'change' && ranFor < options.stableAfterMs) {
      log(`[${name}] stopped right after a change (${how}): waiting for the next change.`);
      return;
    }
    const delay = options.backoffMs[streak];
    streak += 1;
    if (delay === undefined) {
      options.onGiveUp(
        `The ${name} process keeps stopping (${how}, ${streak} times in a row): stopping the ` +
          'dev stack. Its last lines above say why; fix it and run `npm run dev` again.',
      );
      return;
    }
    log(
      `[${name}] stopped (${how}): starting it again in ${delay} ms (${streak}/${options.backoffMs.length}).`,
    );
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) launch('crash');
    }, delay);
  };

  const terminate = (target: ChildProcess): Promise<void> =>
    new Promise((resolve) => {
      if (target.exitCode !== null || target.signalCode !== null) return resolve();
      const kill = setTimeout(() => target.kill('SIGKILL'), 5_000);
      target.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      target.kill('SIGTERM');
    });

  let restarting: Promise<void> = Promise.resolve();

  launch('initial');
  return {
    restart() {
      if (stopped) return;
      clearTimeout(timer);
      timer = undefined;
      streak = 0;
      restarting = restarting.then(async () => {
        const previous = child;
        child = undefined;
        if (previous) await terminate(previous);
        if (!stopped) launch('change');
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await restarting;
      const previous = child;
      child = undefined;
      if (previous) await terminate(previous);
    },
    current: () => child,
  };
}

/**
 * Calls `onChange` once edits under `dirs` settle (`debounceMs`), for files whose name matches
 * `pattern`: what restarts the dev server instead of `tsx watch`.
 */
export function watchSources(
  dirs: readonly string[],
  pattern: RegExp,
  onChange: (file: string) => void,
  debounceMs = 200,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last = '';
  const watchers: FSWatcher[] = dirs.map((dir) =>
    watch(dir, { recursive: true }, (_event, file) => {
      if (!file || !pattern.test(file)) return;
      last = `${dir}/${file}`;
      clearTimeout(timer);
      timer = setTimeout(() => onChange(last), debounceMs);
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
