// HTTP load for the benches through autocannon (what fastify/benchmarks uses), always in a child
// process of its own (`node --import tsx bench/lib/autocannon-load.ts <options>`), so the load
// generator never shares an event loop with the server under test or the bench's other work.
// Keep-alive connections, each sending its next request once the previous answer is complete,
// with a browser's Accept and Accept-Encoding headers.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { z } from 'zod';
import { percentile } from './bench-db';

const loadOptionsSchema = z.object({
  port: z.number().int().positive(),
  path: z.string().startsWith('/'),
  connections: z.number().int().positive(),
  durationMs: z.number().positive(),
});
export type LoadOptions = z.infer<typeof loadOptionsSchema>;

export type LoadSummary = {
  requests: number;
  perSecond: number;
  /** Answers other than 2xx. */
  non2xx: number;
  /** Connection errors and timeouts (autocannon reconnects after one). */
  errors: number;
  bytes: number;
  /** Send → complete answer over every answer (autocannon's 'response' events, in ms). */
  p50: number;
  p99: number;
  max: number;
};

/** A browser's headers: the answers are compressed as a visitor's would be. */
const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
};

/** Runs autocannon in this process; only the child process below calls it. */
async function loadHere(options: LoadOptions): Promise<LoadSummary> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${options.port}${options.path}`,
        connections: options.connections,
        duration: options.durationMs / 1000,
        headers: BROWSER_HEADERS,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    // autocannon's own histogram keeps whole milliseconds and 2xx only: every answer, exactly.
    instance.on('response', (_client, _status, _bytes, responseTimeMs) => {
      latencies.push(responseTimeMs);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.total,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

const SELF = fileURLToPath(import.meta.url);

/** Runs the load in a child process and resolves with its summary. */
export function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited (${code}): ${out}`));
      resolve(JSON.parse(out) as LoadSummary);
    });
  });
}

if (process.argv[1] === SELF) {
  const options = loadOptionsSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
  process.stdout.write(JSON.stringify(await loadHere(options)));
}
