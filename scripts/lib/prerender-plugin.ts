import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { browserBuildOnly, quietLazyContractImports } from './build-checks';
import {
  PRERENDERED_DIR,
  RENDERER_DIR,
  RENDERER_FILE,
  prerenderedDocument,
  prerenderedFileOf,
} from '../../contract/prerendered';

type PrerenderModule = {
  prerenderedPaths: readonly string[];
  prerenderScreen: (
    path: string,
    options: { origin: string },
  ) => Promise<{ markup: string; head: string }>;
};

/**
 * Builds `entry` (src/prerender.tsx) for Node with the config file `configFile` into `outDir`
 * (emptied first): the renderer of the prerendered documents, and of the catalogue's snapshots,
 * which the server loads from the SPA's build (contract/prerendered.ts RENDERER_DIR,
 * docs/decisions.md D63). Returns the entry module's file.
 */
export async function buildRenderer(options: {
  entry: string;
  outDir: string;
  configFile: string | false | undefined;
  mode: string;
}): Promise<string> {
  await build({
    configFile: options.configFile,
    mode: options.mode,
    logLevel: 'warn',
    build: {
      ssr: options.entry,
      outDir: options.outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: {
        onLog: quietLazyContractImports,
        output: { entryFileNames: RENDERER_FILE },
      },
    },
  });
  return path.join(options.outDir, RENDERER_FILE);
}

/**
 * The shop's public origin at build time (PUBLIC_URL, as the server reads it), for the canonical
 * URLs of the documents prerendered here; none without it (a path alone). The catalogue's
 * snapshots use the running server's.
 */
function buildOrigin(): string {
  return (process.env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '');
}

/**
 * Prerenders the public screens marked `prerender` in src/app/screens.ts at build time
 * (docs/decisions.md D49): builds `entry` (src/prerender.tsx) for Node with this same config
 * into the build's RENDERER_DIR (kept: the server renders the catalogue's snapshots with it),
 * renders each screen's first render and writes it into a copy of index.html under
 * PRERENDERED_DIR, which the server sends for that path (server/plugins/static-spa.ts). Runs when
 * the bundle is written, before precompressBuild compresses the files.
 */
export function prerenderPublicScreens(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'learntogether:prerender-public-screens',
    apply: browserBuildOnly,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const rendererDir = path.join(outDir, RENDERER_DIR);
      await rm(rendererDir, { recursive: true, force: true });
      const moduleFile = await buildRenderer({
        entry,
        outDir: rendererDir,
        configFile: config.configFile,
        mode: config.mode,
      });
      // By its plain URL, which its chunks import it by too (a query would make a second
      // instance of it). A second build in one process would get the first one's module.
      const prerender = (await import(pathToFileURL(moduleFile).href)) as PrerenderModule;
      await writeDocuments(outDir, prerender);
    },
  };
}

async function writeDocuments(outDir: string, prerender: PrerenderModule): Promise<void> {
  const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
  await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
  const origin = buildOrigin();
  for (const screenPath of prerender.prerenderedPaths) {
    const file = prerenderedFileOf(screenPath);
    if (!file) throw new Error(`prerender: ${screenPath} cannot name a document`);
    const { markup, head } = await prerender.prerenderScreen(screenPath, { origin });
    await writeFile(
      path.join(outDir, PRERENDERED_DIR, file),
      prerenderedDocument(shell, markup, { head }),
    );
  }
}
