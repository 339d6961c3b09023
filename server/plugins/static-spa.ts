import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA when enabled and present. Returns whether it did, so the 404 handler
 * knows it can fall back to index.html for client-side routes.
 */
export async function registerStaticSpa(app: FastifyInstance, config: Config): Promise<boolean> {
  if (!config.SERVE_SPA) return false;
  const root = path.resolve(config.SPA_DIR);
  if (!existsSync(path.join(root, 'index.html')) || !statSync(root).isDirectory()) {
    app.log.warn({ root }, 'SERVE_SPA is on but the SPA build is missing; serving the API only');
    return false;
  }
  const assetsDir = path.join(root, 'assets') + path.sep;

  await app.register(fastifyStatic, {
    root,
    // Caching is decided per file below.
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite puts content-hashed files in assets/: they never change under one name.
      const cacheControl = filePath.startsWith(assetsDir)
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : 'no-cache';
      reply.header('cache-control', cacheControl);
    },
  });
  return true;
}
