import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_DIR, prerenderedFileOf } from '../../contract/prerendered';
import { SAVED_COURSE_CART_PROBE } from '../../contract/saved-course-cart';

type PrerenderModule = {
  prerenderedPaths: readonly string[];
  prerenderScreen: (path: string) => Promise<string>;
};

/** Parsed once the whole of the screen's markup has been (see the render block below). */
const MARKUP_END = '<template id="markup-end"></template>';

/**
 * The prerendered document of one screen: index.html with the screen's first render in #root
 * (marked `data-prerendered`, which tells src/main.tsx to hydrate it) instead of the empty shell.
 * The resource hints React puts before the markup go to the head. The "needs JavaScript" notice
 * moves out of #root, which must hold React's markup alone. The app's chunks are not preloaded.
 * The head runs one inline script, before the first paint: the saved-cart probe
 * (contract/saved-course-cart.ts), the only script the page's CSP lets run inline (by its hash).
 */
export function prerenderedDocument(shell: string, markup: string): string {
  // The page's CSP runs no other inline script: the markup must need none.
  if (markup.includes('<script')) throw new Error('prerender: the markup holds a script');
  const hints = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  const body = markup.slice(hints.length);
  const noscript = /<noscript>[\s\S]*?<\/noscript>/.exec(shell)?.[0] ?? '';
  const withRoot = shell.replace(
    /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
    (_, end: string) =>
      `<div id="root" data-prerendered="">${body}</div>\n    ${MARKUP_END}${noscript}${end}`,
  );
  if (withRoot === shell) throw new Error('prerender: index.html has no <div id="root">');
  // The screen is whole without the app: src/boot.ts starts the app once the page has loaded,
  // and its chunks are not preloaded to compete with the screen's images for the connection.
  const withoutPreloads = withRoot.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  // No frame before the screen's markup has been parsed in full: a page painted from half its
  // markup (a slow connection brings it in pieces) grows as the rest arrives, and what stands
  // beside or under the growing part moves.
  const renderBlock = '<link rel="expect" href="#markup-end" blocking="render">';
  const probe = `<script>${SAVED_COURSE_CART_PROBE}</script>`;
  return withoutPreloads.replace(
    '</head>',
    `    ${renderBlock}\n    ${probe}\n    ${hints}\n  </head>`,
  );
}

/**
 * Prerenders the public screens marked `prerender` in src/app/screens.ts at build time
 * (docs/decisions.md D49): builds `entry` (src/prerender.tsx) for Node with this same config,
 * renders each screen's first render and writes it into a copy of index.html under
 * PRERENDERED_DIR, which the server sends for that path (server/plugins/static-spa.ts). Runs when
 * the bundle is written, before precompressBuild compresses the files.
 */
export function prerenderPublicScreens(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'learntogether:prerender-public-screens',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the project, so that the Node build finds the project's packages; a folder per
      // build, so that a second build in one process never gets the first one's modules (its
      // chunks import the entry by its plain URL: no query string can tell them apart).
      const cache = path.resolve(config.root, 'node_modules/.cache');
      await mkdir(cache, { recursive: true });
      const nodeDir = await mkdtemp(path.join(cache, 'prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: entry, outDir: nodeDir, emptyOutDir: true, copyPublicDir: false },
        });
        const moduleFile = path.join(nodeDir, `${path.parse(entry).name}.js`);
        const prerender = (await import(pathToFileURL(moduleFile).href)) as PrerenderModule;
        await writeDocuments(outDir, prerender);
      } finally {
        await rm(nodeDir, { recursive: true, force: true });
      }
    },
  };
}

async function writeDocuments(outDir: string, prerender: PrerenderModule): Promise<void> {
  const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
  await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
  for (const screenPath of prerender.prerenderedPaths) {
    const file = prerenderedFileOf(screenPath);
    if (!file) throw new Error(`prerender: ${screenPath} cannot name a document`);
    const markup = await prerender.prerenderScreen(screenPath);
    await writeFile(path.join(outDir, PRERENDERED_DIR, file), prerenderedDocument(shell, markup));
  }
}
