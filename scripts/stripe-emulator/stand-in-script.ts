// Builds the browser script served at /v3/stripe.js: the bundler (Vite, as for the web app) turns
// the type-checked entry `src/testing/stripe/stripe-js-script.ts` and what it imports into one
// classic script (an IIFE) that installs `window.Stripe` for the emulator that served it.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(
  new URL('../../src/testing/stripe/stripe-js-script.ts', import.meta.url),
);

let built: Promise<string> | undefined;

/** The script, built once per process. */
export function buildStandInScript(): Promise<string> {
  built ??= bundle();
  return built;
}

async function bundle(): Promise<string> {
  // A Vite build sets NODE_ENV=production when it is unset; the process running the emulator (a
  // test, a bench, `npm run dev`) keeps its own.
  const nodeEnv = process.env.NODE_ENV;
  try {
    const result = await build({
      configFile: false,
      envDir: false,
      root: ROOT,
      logLevel: 'warn',
      publicDir: false,
      resolve: {
        alias: { '@contract': fileURLToPath(new URL('../../contract', import.meta.url)) },
      },
      build: {
        write: false,
        target: 'es2020',
        minify: false,
        sourcemap: false,
        copyPublicDir: false,
        lib: { entry: ENTRY, formats: ['iife'], name: 'StripeStandIn' },
        rolldownOptions: {
          // The sources are modules, strict throughout; so is the script built from them.
          output: {
            strict: true,
            banner: '// Stripe.js stand-in served by the local Stripe emulator (not Stripe.js).',
          },
        },
      },
    });
    const outputs = Array.isArray(result) ? result : [result];
    for (const output of outputs) {
      if (!('output' in output)) continue;
      const [chunk] = output.output;
      if (chunk?.type === 'chunk') return chunk.code;
    }
    throw new Error('the Stripe.js stand-in bundle has no script');
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
