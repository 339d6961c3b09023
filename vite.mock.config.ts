// `npm run dev:mock`: the web app alone, its API answered in the browser by msw (the web tests'
// handlers and in-memory data), Firebase replaced by a stand-in sign-in for the demo accounts.
// Only this dev server knows about it: `vite build` reads vite.config.ts, where none of it exists.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import baseConfig from './vite.config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const WORKER_URL = '/mockServiceWorker.js';
// Served straight from the installed msw, so the worker always matches the library's version.
const WORKER_FILE = fromRoot('./node_modules/msw/lib/mockServiceWorker.js');
// Modules swapped at their boundary, as the web tests do with vi.mock: the real one → its stand-in.
const SWAPS = new Map([
  [fromRoot('./src/features/auth/api/identity.ts'), fromRoot('./src/dev-mock/identity.ts')],
  [fromRoot('./src/lib/socket.ts'), fromRoot('./src/dev-mock/chat-socket.ts')],
  [fromRoot('./src/lib/stripe.ts'), fromRoot('./src/dev-mock/stripe.ts')],
]);
const STAND_INS = new Set(SWAPS.values());

// Part of the first HTML, above the app shell, so it never moves the page. Inline styles: the
// Tailwind build does not scan this file. Amber-900 on amber-100 has a contrast of about 9:1.
const BANNER = `<div role="status" data-testid="mock-api-banner" style="background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b;padding:6px 16px;font-size:14px;line-height:20px;text-align:center">
      <strong>Mocked API:</strong> mocked data, nothing is saved. Log in as
      <span style="white-space:nowrap">student@learntogether.test / student123</span> or
      <span style="white-space:nowrap">admin@learntogether.test / admin123</span>.
    </div>
    `;

function apiMock(): Plugin {
  return {
    name: 'learntogether:api-mock',
    enforce: 'pre',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(WORKER_URL, (_request, response, next) => {
        readFile(WORKER_FILE).then((script) => {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.setHeader('cache-control', 'no-store');
          response.end(script);
        }, next);
      });
    },
    // Firebase sign-in, the chat socket and Stripe.js are swapped for their stand-ins.
    async resolveId(source, importer, options) {
      if (!/(identity|socket|\/stripe)$/.test(source) || (importer && STAND_INS.has(importer)))
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && SWAPS.get(resolved.id)) ?? null;
    },
    transformIndexHtml: (html) => html.replace('<div id="root">', `${BANNER}<div id="root">`),
  };
}

export default defineConfig({
  ...baseConfig,
  plugins: [...(baseConfig.plugins ?? []), apiMock()],
  // src/main.tsx starts msw on this flag.
  define: { ...baseConfig.define, 'import.meta.env.VITE_API_MOCK': JSON.stringify('true') },
  // Another port than `npm run dev`, so both can run; `npm run dev:mock -- --port 5200` moves it.
  server: { ...baseConfig.server, port: 5174, proxy: undefined },
});
