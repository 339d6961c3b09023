import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import autoprefixer from 'autoprefixer';
import tailwindcss from 'tailwindcss';
import { fileURLToPath } from 'node:url';
import {
  inlineEntryCss,
  lowPriorityEntry,
  precompressBuild,
  preloadAppChunk,
} from './scripts/lib/first-paint-plugins';

import {
  browserBuildOnly,
  identityBuildWarning,
  quietLazyContractImports,
} from './scripts/lib/build-checks';
import { libraryCopyFor } from './scripts/lib/library-copy';
import { HASH_LENGTH, keepsItsName } from './scripts/lib/chunk-names';
import { prerenderPublicScreens } from './scripts/lib/prerender-plugin';
import { routerTreeShaking } from './scripts/lib/router-tree-shaking';
import { dropUnusedDaisyUiRules } from './scripts/lib/unused-daisyui-rules';
import { classSources, UNUSED_DAISYUI_COMPONENTS } from './tailwind.config';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:3000';

/** Warns when a build has no identity provider (its login page will say so too). */
function identityCheck(): Plugin {
  let warning: string | undefined;
  return {
    name: 'learntogether:identity-check',
    // Once per build: not again for the prerendering's Node build.
    apply: browserBuildOnly,
    configResolved(config) {
      warning = identityBuildWarning(config.env);
    },
    buildStart() {
      if (warning) this.warn(warning);
    },
  };
}

/** The files of the start's chunks, named by codeSplitting's groups below and the entry's name. */
const START_CHUNK =
  /^assets\/(?:index|screens|app|react|redux|router|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    react(),
    identityCheck(),
    inlineEntryCss(),
    lowPriorityEntry(),
    preloadAppChunk(fileURLToPath(new URL('./src/main.tsx', import.meta.url))),
    // The course editor's forms (field arrays, form context) stay out of the login's and
    // signup's react-hook-form (docs/decisions.md D105).
    libraryCopyFor({
      library: 'react-hook-form',
      importers: /[\\/]src[\\/]features[\\/]admin-courses[\\/]/,
      copy: 'course-editor',
    }),
    // React Router keeps only what the app imports (docs/decisions.md D106).
    routerTreeShaking(),
    prerenderPublicScreens('src/prerender.tsx'),
    precompressBuild(),
  ],
  css: {
    postcss: {
      plugins: [
        tailwindcss(),
        dropUnusedDaisyUiRules({ content: classSources, blocklist: UNUSED_DAISYUI_COMPONENTS }),
        autoprefixer(),
      ],
    },
  },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The server answers it from the database (public/course.json is only the seed).
      '/course.json': { target: apiTarget, changeOrigin: false },
      // The server writes them from the database and PUBLIC_URL (D65).
      '/sitemap.xml': { target: apiTarget, changeOrigin: false },
      '/robots.txt': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // One stylesheet, inlined into every document (inlineEntryCss). Split per chunk, each
    // dynamic import of a chunk that imports the entry listed the entry's stylesheet again, and
    // Vite's preload added it as a <link> after start: 135 KB parsed and the whole page restyled
    // a second time, ~50 ms of main thread on every page (docs/decisions.md D67).
    cssCodeSplit: false,
    modulePreload: {
      // No polyfill: every browser the build targets but Safari 16.4–16.6 and Firefox 114 reads
      // `<link rel="modulepreload">` itself, and those two still load every chunk, by its import
      // (docs/decisions.md D106).
      polyfill: false,
      // The start's chunks (the entry and the four stages, D67) are linked by index.html
      // (preloadAppChunk), so a lazy import need not list them again: the lists were up to half
      // of a small chunk such as an endpoint's (docs/decisions.md D73). A prerendered document
      // keeps the same links in a template that src/boot.ts puts in the head once the screen is
      // shown (contract/prerendered.ts, docs/decisions.md D80), so there too they come side by
      // side, ahead of any lazy import.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !START_CHUNK.test(dep)),
    },
    rolldownOptions: {
      onLog: quietLazyContractImports,
      output: {
        entryFileNames: `assets/[name]-[hash:${HASH_LENGTH}].js`,
        chunkFileNames: (chunk) =>
          keepsItsName(chunk.name)
            ? `assets/[name]-[hash:${HASH_LENGTH}].js`
            : `assets/[hash:${HASH_LENGTH}].js`,
        codeSplitting: {
          groups: [
            // What boot.ts needs stays in the entry, so the entry stays tiny...
            { name: 'boot', tags: ['$initial'], priority: 2 },
            // ...and the app's start is four chunks, evaluated one after the other with the main
            // thread handed back in between (src/main.tsx, docs/decisions.md D67): React and its
            // DOM renderer, Redux, the router, then the app (src/app/start.tsx with everything
            // else it imports statically). Lazy screens and lazily loaded libraries
            // (Firebase, toasts, dialogs) stay chunks of their own.
            // Each stage's module (src/app/start-stages/) joins its library's chunk, so the stage
            // loads that chunk itself, not a chunk of its own that only re-exports it: a request
            // and a file less per stage (docs/decisions.md D106).
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 4,
            },
            {
              name: 'redux',
              // The store's libraries; RTK Query stays with the screens that fetch (base-api).
              test: /[\\/]node_modules[\\/](react-redux|redux|redux-thunk|immer|reselect|use-sync-external-store|@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit)[\\/.]|[\\/]src[\\/]app[\\/]start-stages[\\/]redux\.ts$/,
              priority: 3,
            },
            {
              name: 'router',
              test: /[\\/]node_modules[\\/]react-router[\\/]|[\\/]src[\\/]app[\\/]start-stages[\\/]router\.ts$/,
              priority: 3,
            },
            // RTK Query apart from the app's endpoints: a snapshot evaluates it a task ahead of
            // them (src/app/start-stages/rtk-query.ts, docs/decisions.md D80).
            {
              name: 'rtk-query',
              test: /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]|[\\/]src[\\/]app[\\/]start-stages[\\/]rtk-query\.ts$/,
              priority: 3,
            },
            // The screens' table (with the paths and settings it reads): boot.ts imports it once
            // the page is shown, and every screen's chunk reads from it (docs/decisions.md D86).
            { name: 'screens', test: /[\\/]src[\\/]app[\\/]screens\.ts$/, priority: 2 },
            // The app's API with the helpers every endpoint's module imports: apart, each was a
            // file of its own on every page that fetches (docs/decisions.md D107).
            {
              name: 'base-api',
              test: /[\\/]src[\\/]lib[\\/]api[\\/](?:base-api|api-route|lazy-schema)\.ts$/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // What a page shows when its data fails or is not there: the error with its icon and
            // the lazy "not found". Each was a file of its own, loaded side by side (D107).
            {
              name: 'load-states',
              test: /[\\/]src[\\/]components[\\/](?:load-error|lazy-not-found-page|icons[\\/]alert-icon)\.tsx$/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // A course's page with its endpoints and the lessons' marks: each a small file of its
            // own, as the snapshot's seed and the player import them apart (D107). The player
            // loads the page's components with them, a few KB on a learner's screen.
            {
              name: 'course-page',
              test: /[\\/]src[\\/](?:app[\\/]routes[\\/]course-page|features[\\/]learning[\\/](?:components[\\/](?:course-page|course-reviews|star-rating|lesson-kind)|api[\\/](?:reviews-api|course-detail-api))|components[\\/]icons[\\/](?:star|document|quiz)-icon)\.tsx?$/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            { name: 'app', test: /[\\/]src[\\/]app[\\/]start\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
