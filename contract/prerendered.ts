// Where the build writes a prerendered screen's document and where the server finds it
// (docs/decisions.md D49): one rule for scripts/lib/prerender-plugin.ts and server/plugins/static-spa.ts.

/** The folder, under the SPA's build, of the prerendered documents. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * The document of `pathname` under PRERENDERED_DIR (`/` → `index.html`, `/about` → `about.html`),
 * or undefined for a path that cannot name one (only one segment of lower-case letters and dashes:
 * nothing to escape the folder with).
 */
export function prerenderedFileOf(pathname: string): string | undefined {
  if (pathname === '/') return 'index.html';
  const name = /^\/([a-z][a-z-]*)$/.exec(pathname)?.[1];
  return name ? `${name}.html` : undefined;
}
