// HTTP load through wrk (Debian's `wrk`), a cross-check of autocannon's figures: wrk is C, so it
// caps the fastest server less than a Node load generator does. Used only when `wrk` is on the
// PATH. Keep-alive connections with a browser's Accept and Accept-Encoding headers, as
// bench/lib/autocannon-load.ts sends.
import { execFile, spawnSync } from 'node:child_process';

export type WrkOptions = {
  port: number;
  path: string;
  connections: number;
  threads: number;
  durationMs: number;
};

export type WrkSummary = {
  requests: number;
  perSecond: number;
  /** Answers other than 2xx and 3xx (what wrk counts). */
  non2xx: number;
  /** Connect, read and write errors, and timeouts. */
  errors: number;
  bytes: number;
};

const BROWSER_HEADERS = ['Accept: application/json', 'Accept-Encoding: gzip, deflate, br'];

/** Whether `wrk` can be run here. */
export function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** The command line, printed with the figures so they can be reproduced by hand. */
export function wrkCommand(options: Omit<WrkOptions, 'port' | 'path'>): string {
  return (
    `wrk -t${options.threads} -c${options.connections} -d${options.durationMs / 1000}s ` +
    BROWSER_HEADERS.map((header) => `-H '${header}'`).join(' ')
  );
}

/** wrk's sizes: "1.23MB", "512.00KB", "900B". */
function bytesOf(size: string): number {
  const match = /^([\d.]+)([KMGT]?)B$/.exec(size);
  if (!match) return NaN;
  const scale = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * scale;
}

/** Reads wrk's summary: the totals line, and the error lines when there are any. */
function parse(out: string): WrkSummary {
  const totals = /(\d+) requests in ([\d.]+)(m?s|m), ([\d.]+[KMGT]?B) read/.exec(out);
  if (!totals) throw new Error(`wrk: no summary in its output:\n${out}`);
  const unit = totals[3] === 'ms' ? 1 / 1000 : totals[3] === 'm' ? 60 : 1;
  const seconds = Number(totals[2]) * unit;
  const requests = Number(totals[1]);
  const socket = /connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return {
    requests,
    perSecond: requests / seconds,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors,
    bytes: bytesOf(totals[4] ?? ''),
  };
}

/** Runs wrk (its own process) against 127.0.0.1 and resolves with its summary. */
export function runWrk(options: WrkOptions): Promise<WrkSummary> {
  const args = [
    `-t${options.threads}`,
    `-c${options.connections}`,
    `-d${options.durationMs / 1000}s`,
    ...BROWSER_HEADERS.flatMap((header) => ['-H', header]),
    `http://127.0.0.1:${options.port}${options.path}`,
  ];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, (error, stdout, stderr) => {
      if (error) return reject(new Error(`wrk failed: ${error.message}\n${stderr}`));
      try {
        resolve(parse(stdout));
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    });
  });
}
