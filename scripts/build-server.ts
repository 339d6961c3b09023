import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Compiles the product server (server/index.ts and the contract/ it imports) into one ES module,
 * `<outDir>/index.js`, run by plain Node in production. Packages stay external: they come from
 * node_modules ("dependencies" only, after `npm prune --omit=dev`). The SQL migrations are copied
 * beside it, where server/db/migrate.ts looks for them (relative to its own module).
 */
export async function buildServer(outDirOption = 'dist-server'): Promise<void> {
  const outDir = path.resolve(ROOT, outDirOption);
  await rm(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: path.join(ROOT, 'server/index.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'index.js', format: 'es' } },
    },
  });
  await cp(path.join(ROOT, 'server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outDir: { type: 'string' } } });
  await buildServer(values.outDir);
}
