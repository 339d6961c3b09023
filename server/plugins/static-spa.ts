import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PRERENDERED_DIR, RENDERER_DIR } from '../../contract/prerendered';
import type { Config } from '../config';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA when enabled and present. Returns its index.html path (undefined when
 * not served), so the 404 handler can fall back to it for client-side routes, or to a screen's
 * prerendered copy of it (docs/decisions.md D49).
 */
export async function registerStaticSpa(
  app: FastifyInstance,
  config: Config,
): Promise<string | undefined> {
  if (!config.SERVE_SPA) return undefined;
  const root = path.resolve(config.SPA_DIR);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile) || !statSync(indexFile).isFile()) {
    app.log.warn({ root }, 'SERVE_SPA is on but the SPA build is missing; serving the API only');
    return undefined;
  }
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    // The build writes .br and .gz beside every text file (scripts/lib/first-paint-plugins.ts):
    // sent as they are to clients that accept them, never compressed again per request.
    preCompressed: true,
    // `/` is a screen like the others: its prerendered document when the build made one.
    index: [`${PRERENDERED_DIR}/index.html`, 'index.html'],
    // Caching is decided per file below.
    cacheControl: false,
    // The renderer built for Node (contract/prerendered.ts RENDERER_DIR) is the server's, not
    // the browser's: not served.
    allowedPath: (pathname) => !pathname.startsWith(`/${RENDERER_DIR}/`),
    setHeaders(reply, filePath) {
      // Vite puts content-hashed files in assets/: they never change under one name.
      const cacheControl = filePath.startsWith(assetsDir)
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : 'no-cache';
      reply.header('cache-control', cacheControl);
    },
  });
  return indexFile;
}
