// A minimal keep-alive HTTP/1.1 load generator on raw sockets (node:net), shared by the benches:
// `connections` clients, each sending the next request as soon as the previous answer
// (content-length framed) is complete. `runLoadInChild` runs it in a process of its own, so the
// load generator does not share an event loop with the caller's other work.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { percentile } from './bench-db';

export type LoadOptions = {
  port: number;
  path: string;
  connections: number;
  durationMs: number;
};

export type LoadResult = {
  requests: number;
  perSecond: number;
  /** Answers other than 200. */
  failures: number;
  bytes: number;
  /** Connections the server (or proxy) closed and that were opened again. */
  reconnects: number;
  /** Send → complete answer, per request, ascending. */
  latenciesMs: number[];
};

export async function load(options: LoadOptions): Promise<LoadResult> {
  const { port, path } = options;
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: application/json\r\n` +
      'Accept-Encoding: gzip, deflate, br\r\nConnection: keep-alive\r\n\r\n',
  );
  let requests = 0;
  let failures = 0;
  let bytes = 0;
  let reconnects = 0;
  let stopping = false;
  const latenciesMs: number[] = [];
  const started = process.hrtime.bigint();

  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffered: Buffer = Buffer.alloc(0);
      let sentAt = 0n;
      // nginx ends a client connection after `keepalive_requests` (1000): its last answer says
      // `Connection: close`, and nothing more may be sent on it.
      let closing = false;
      const send = () => {
        sentAt = process.hrtime.bigint();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('error', (error) => (stopping ? resolve() : reject(error)));
      socket.on('close', () => {
        if (stopping || !closing) return resolve();
        reconnects += 1;
        connection().then(resolve, reject);
      });
      socket.on('data', (chunk: Buffer) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        for (;;) {
          const headerEnd = buffered.indexOf('\r\n\r\n');
          if (headerEnd < 0) return;
          const head = buffered.subarray(0, headerEnd).toString('latin1');
          const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
          if (length === undefined) {
            socket.destroy(new Error(`no content-length in answer to ${path}:\n${head}`));
            return;
          }
          const end = headerEnd + 4 + Number(length);
          if (buffered.length < end) return;
          requests += 1;
          bytes += end;
          latenciesMs.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
          if (!/^HTTP\/1\.1 200 /.test(head)) failures += 1;
          buffered = buffered.subarray(end);
          if (/\r\nconnection: *close/i.test(head)) closing = true;
          if (stopping || closing) {
            socket.end();
            return;
          }
          send();
        }
      });
    });

  const timer = setTimeout(() => {
    stopping = true;
  }, options.durationMs);
  await Promise.all(Array.from({ length: options.connections }, connection));
  clearTimeout(timer);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latenciesMs.sort((a, b) => a - b);
  return { requests, perSecond: requests / seconds, failures, bytes, reconnects, latenciesMs };
}

/** What a run in a child process reports (the latencies summed up, not sent whole). */
export type LoadSummary = Omit<LoadResult, 'latenciesMs'> & {
  p50: number;
  p99: number;
  max: number;
};

export function summarize(result: LoadResult): LoadSummary {
  const { latenciesMs, ...rest } = result;
  return {
    ...rest,
    p50: percentile(latenciesMs, 50),
    p99: percentile(latenciesMs, 99),
    max: latenciesMs.at(-1) ?? NaN,
  };
}

const SELF = fileURLToPath(import.meta.url);

/** Runs `load` in a child process (`node --import tsx bench/lib/http-load.ts <options>`). */
export function runLoadInChild(options: LoadOptions): Promise<LoadSummary> {
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
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  process.stdout.write(JSON.stringify(summarize(await load(options))));
}
