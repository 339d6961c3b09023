import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { browserBuildOnly } from './build-checks';
import { RENDERER_DIR } from '../../contract/prerendered';
import type { OutputBundle, OutputChunk } from 'rolldown';

/**
 * Puts the entry stylesheet into index.html as a <style> element at build time. The app shell in
 * index.html then paints with its final styles as soon as the HTML arrives, without waiting for a
 * render-blocking stylesheet request (one round trip less before the first paint on a phone).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'learntogether:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== 'asset') return tag;
            // A stylesheet cannot end the element early.
            const css = String(asset.source).replaceAll('</style', '<\\/style');
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/**
 * Asks for the entry script at low priority. A module script in the head is fetched at high
 * priority, and Lighthouse's simulation (Lantern) counts a high-priority script requested before
 * the first paint as render-blocking although a module script never blocks rendering: it cost a
 * static page 0.3–0.5 s of simulated FCP and LCP (docs/decisions.md D85). The entry only starts
 * the app after the first paint (src/boot.ts), so it loses nothing by coming after the document.
 */
export function lowPriorityEntry(): Plugin {
  return {
    name: 'learntogether:low-priority-entry',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/;
        if (!entry.test(html)) throw new Error('lowPriorityEntry: no entry script in index.html');
        return html.replace(entry, (tag) =>
          tag.replace('<script type="module"', '<script type="module" fetchpriority="low"'),
        );
      },
    },
  };
}

function chunkOf(bundle: OutputBundle, fileName: string): OutputChunk | undefined {
  const output = bundle[fileName];
  return output?.type === 'chunk' ? output : undefined;
}

/** `fileName` and every chunk it imports statically, depth first, each once. */
function withStaticImports(bundle: OutputBundle, fileName: string, seen = new Set<string>()) {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunkOf(bundle, fileName)?.imports ?? []) {
    withStaticImports(bundle, imported, seen);
  }
  return seen;
}

/**
 * src/boot.ts starts the app (src/main.tsx) only after the shell has painted; this adds
 * `<link rel="modulepreload">` for the app's start to index.html: main.tsx's chunk, the chunks of
 * its stages (its dynamic imports) and their imports, so they download from the start, in
 * parallel with the HTML shell, rather than when the boot module asks.
 */
export function preloadAppChunk(appModule: string): Plugin {
  return {
    name: 'learntogether:preload-app-chunk',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.moduleIds.includes(appModule),
        );
        if (!app) throw new Error(`preloadAppChunk: no chunk for ${appModule}`);
        const alreadyLinked = new Set(
          [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]),
        );
        const files = withStaticImports(bundle, app.fileName);
        for (const stage of chunkOf(bundle, app.fileName)?.dynamicImports ?? []) {
          withStaticImports(bundle, stage, files);
        }
        const links = [...files]
          .filter((file) => !alreadyLinked.has(file))
          // Low priority: the first paint needs none of it (the shell is HTML and CSS), so it
          // never competes with the document itself.
          .map(
            (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
          );
        return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this, compression saves less than a packet.
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once. The
 * server sends them as they are (`preCompressed` in server/plugins/static-spa.ts): smaller than
 * per-request compression, and no CPU spent compressing the same bytes on every request.
 */
export function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'learntogether:precompress-build',
    // The browser's build only (the prerendering's Node build is never served).
    apply: browserBuildOnly,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Not the renderer built for Node (scripts/lib/prerender-plugin.ts): never served.
      const renderer = path.join(outDir, RENDERER_DIR) + path.sep;
      const files = (await filesUnder(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith(renderer),
      );
      for (const file of files) {
        if ((await stat(file)).size < MIN_BYTES) continue;
        const source = await readFile(file);
        await writeFile(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}
