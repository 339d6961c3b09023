// Builds the browser script served at /v3/stripe.js from the type-checked TypeScript sources: each
// file is transpiled on its own (types erased), its imports and `export` keywords dropped, and all
// of it wrapped in one function that installs `window.Stripe` for the emulator that served it.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

// The one Stripe.js fake, shared with the web tests and `npm run dev:mock` (src/testing/stripe/).
const sources = ['test-cards.ts', 'stripe-js-stand-in.ts'];
const sourceFolder = new URL('../../src/testing/stripe/', import.meta.url);

function transpile(file: string): string {
  const source = readFileSync(new URL(file, sourceFolder), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext },
    fileName: file,
  });
  return outputText
    .replace(/^import\s[\s\S]*?from\s*['"][^'"]+['"];?\s*$/gm, '')
    .replace(/^export\s+(?=(const|let|function|class|async)\b)/gm, '')
    .replace(/^export\s*\{\s*\};?\s*$/gm, '');
}

let built: string | undefined;

/** The script, built once per process. */
export function buildStandInScript(): string {
  built ??= build();
  return built;
}

function build(): string {
  const body = sources.map((file) => `// ${file}\n${transpile(file)}`).join('\n');
  return [
    '// Stripe.js stand-in served by the local Stripe emulator (not Stripe.js).',
    '(function () {',
    "  'use strict';",
    body,
    '  var script = document.currentScript;',
    '  if (!script || !script.src) throw new Error("Load the Stripe emulator\'s stripe.js with a <script src> tag.");',
    '  installStripeStandIn(window, new URL(script.src).origin);',
    '})();',
    '',
  ].join('\n');
}
