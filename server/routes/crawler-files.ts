import type { FastifyPluginAsync } from 'fastify';
import { robotsTxt, sitemapXml } from '../services/sitemap';

/** Crawlers may reuse them this long (seconds): a new book reaches the sitemap within the hour. */
const SITEMAP_MAX_AGE = 60 * 60;
const ROBOTS_MAX_AGE = 24 * 60 * 60;

/**
 * GET /sitemap.xml and /robots.txt (issue 32 §1, D65), on the root instance before the SPA's
 * static files, as /course.json: links are absolute under PUBLIC_URL.
 */
export const crawlerFileRoutes: FastifyPluginAsync = async (app) => {
  const robots = robotsTxt(app.config.PUBLIC_URL);

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${SITEMAP_MAX_AGE}`)
      .send(await sitemapXml(app.db, app.config.PUBLIC_URL)),
  );

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${ROBOTS_MAX_AGE}`)
      .send(robots),
  );
};
