import { CRAWLER_DISALLOWED_PATHS, SITEMAP_STATIC_PATHS } from '../../contract/public-pages';
import type { Queryable } from '../db/client';
import {
  catalogueChange,
  courseListChange,
  listedBookChanges,
  listedCourseChanges,
} from '../db/repositories/sitemap';

/** The five characters XML gives a meaning to, as entities. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type SitemapEntry = { path: string; changedAt: string | null };

function urlElement(publicUrl: string, { path, changedAt }: SitemapEntry): string {
  const lastmod = changedAt === null ? '' : `<lastmod>${changedAt}</lastmod>`;
  return `<url><loc>${escapeXml(publicUrl + path)}</loc>${lastmod}</url>`;
}

/**
 * /sitemap.xml (sitemaps.org 0.9): every public page as an absolute URL under PUBLIC_URL, each
 * listed book's and course's page with its last change, read from the database on each request
 * (crawlers ask rarely; its cache header spares repeats).
 */
export async function sitemapXml(db: Queryable, publicUrl: string): Promise<string> {
  const [books, courses, catalogue, courseList] = await Promise.all([
    listedBookChanges(db),
    listedCourseChanges(db),
    catalogueChange(db),
    courseListChange(db),
  ]);
  const listChanges: Record<string, string | null> = { '/book': catalogue, '/courses': courseList };
  const entries: SitemapEntry[] = [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path, changedAt: listChanges[path] ?? null })),
    ...books.map(({ id, changedAt }) => ({ path: `/book/${encodeURIComponent(id)}`, changedAt })),
    ...courses.map(({ id, changedAt }) => ({
      path: `/courses/${encodeURIComponent(id)}`,
      changedAt,
    })),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.map((entry) => `${urlElement(publicUrl, entry)}\n`).join('') +
    '</urlset>\n'
  );
}

/** /robots.txt: every crawler welcome but in the private paths, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
