import type { IncomingMessage } from 'node:http';

/** The `host` (host[:port], default port dropped) a URL of `protocol` to `hostHeader` has. */
function hostOf(protocol: string, hostHeader: string): string | undefined {
  const url = `${protocol}//${hostHeader}`;
  return URL.canParse(url) ? new URL(url).host : undefined;
}

/**
 * Whether a socket.io request (handshake or WebSocket upgrade) may proceed: without an Origin
 * (not a browser page: the token still has to be valid) or from a page of the host it was sent
 * to, or of one of `allowedOrigins` (for proxies that rewrite Host). Anything else is a page of
 * another site trying to use the visitor's connection.
 */
export function isAllowedChatOrigin(
  request: Pick<IncomingMessage, 'headers'>,
  allowedOrigins: readonly string[],
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false; // e.g. "null" from sandboxed frames and files
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (allowedOrigins.includes(url.origin)) return true;
  const host = request.headers.host;
  return host !== undefined && hostOf(url.protocol, host) === url.host;
}
