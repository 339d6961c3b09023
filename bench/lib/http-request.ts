import http from 'node:http';

const REQUEST_TIMEOUT_MS = 10_000;

export type Answer = { status: number; body: string };

/** One request with node:http: it can come from a chosen local address (127.x), unlike fetch. */
export function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
        localAddress: options.localAddress,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * Each client's own source address (127.0.1.10, …), so nginx's `hash $remote_addr` spreads the
 * chat's clients over the processes.
 */
export function addressOf(index: number): string {
  return `127.0.${1 + Math.floor(index / 200)}.${10 + (index % 200)}`;
}
