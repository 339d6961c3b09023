// Where the build writes a prerendered screen's document and where the server finds it
// (docs/decisions.md D49), and how such a document is put together: one rule for
// scripts/lib/prerender-plugin.ts (build time) and server/services/page-snapshots.ts (the
// catalogue's snapshots, docs/decisions.md D63).
import { PRERENDERED_HEAD_SCRIPT } from './early-taps';

/** The folder, under the SPA's build, of the prerendered documents. */
export const PRERENDERED_DIR = 'prerendered';

/**
 * The folder, under the SPA's build, of the renderer built for Node (src/prerender.tsx): the
 * server loads it to make the catalogue's snapshots. Never served (server/plugins/static-spa.ts).
 */
export const RENDERER_DIR = 'renderer';
/** The renderer's entry module in RENDERER_DIR. */
export const RENDERER_FILE = 'prerender.js';

/** The id of a document's data block: the data the screen was rendered with, for hydration. */
export const SNAPSHOT_DATA_ID = 'snapshot-data';

/**
 * The id of a prerendered document's `<template>` holding the app's start chunks' preload links:
 * inert until src/boot.ts puts them in the head, once the screen (its images first) is shown.
 */
export const APP_PRELOADS_ID = 'app-preloads';

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

/**
 * JSON to put inside a `<script>` element: no `<` (so no `</script>` or `<!--` can end or change
 * the element), and no line or paragraph separator.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Parsed once the whole of the screen's markup has been (see the render block below). */
const MARKUP_END = '<template id="markup-end"></template>';

export type DocumentParts = {
  /** The page's own head tags (src/lib/page-meta.ts): they replace the shell's title and description. */
  head?: string;
  /** The data the markup was rendered with, handed to the app in a JSON data block. */
  data?: unknown;
};

/**
 * The prerendered document of one screen: index.html with the screen's first render in #root
 * (marked `data-prerendered`, which tells src/main.tsx to hydrate it) instead of the empty shell.
 * The resource hints React puts before the markup go to the head, with the page's own title and
 * meta tags. The "needs JavaScript" notice moves out of #root, which must hold React's markup
 * alone. The app's chunks are not preloaded with the document: their links wait in a template
 * (APP_PRELOADS_ID) for the screen to be shown. The head runs one inline script, before the first
 * paint: the saved-cart probe (contract/saved-course-cart.ts), the only script the page's CSP
 * lets run inline (by its hash); the data block and JSON-LD are data, which no browser runs.
 */
export function prerenderedDocument(
  shell: string,
  markup: string,
  { head = '', data }: DocumentParts = {},
): string {
  // The page's CSP runs no other inline script: the markup must need none.
  if (markup.includes('<script')) throw new Error('prerender: the markup holds a script');
  // React puts the screen's resource hints, then its own <title> and description
  // (src/components/page-title.tsx), before the markup. The hints go to the head; the title and
  // description do not, as the page's head tags say the same and more (docs/decisions.md D77).
  const hoisted = /^(?:<link [^>]*>|<title>[^<]*<\/title>|<meta [^>]*>)*/.exec(markup)?.[0] ?? '';
  const hints = hoisted.match(/<link [^>]*>/g)?.join('') ?? '';
  const body = markup.slice(hoisted.length);
  const noscript = /<noscript>[\s\S]*?<\/noscript>/.exec(shell)?.[0] ?? '';
  const dataBlock =
    data === undefined
      ? ''
      : `<script type="application/json" id="${SNAPSHOT_DATA_ID}">${jsonForScript(data)}</script>`;
  const withRoot = shell.replace(
    /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
    (_, end: string) =>
      `<div id="root" data-prerendered="">${body}</div>\n    ${MARKUP_END}${dataBlock}${noscript}${end}`,
  );
  if (withRoot === shell) throw new Error('prerender: index.html has no <div id="root">');
  // The screen is whole without the app: src/boot.ts starts the app once the page has loaded,
  // and its chunks are not preloaded to compete with the screen's images for the connection. Their
  // links wait, inert, in a template that boot.ts puts in the head then, so the start's chunks
  // still come at once, side by side (docs/decisions.md D80).
  const preloads = withRoot.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  const withoutPreloads = withRoot.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  const preloadTemplate =
    preloads.length > 0 ? `<template id="${APP_PRELOADS_ID}">${preloads.join('')}</template>` : '';
  // The page's own title and description instead of the shop's.
  const withHead = head
    ? withoutPreloads
        .replace(/\s*<meta\s+name="description"[^>]*>/, '')
        .replace(/<title>[\s\S]*?<\/title>/, () => head)
    : withoutPreloads;
  // No frame before the screen's markup has been parsed in full: a page painted from half its
  // markup (a slow connection brings it in pieces) grows as the rest arrives, and what stands
  // beside or under the growing part moves.
  const renderBlock = '<link rel="expect" href="#markup-end" blocking="render">';
  const probe = `<script>${PRERENDERED_HEAD_SCRIPT}</script>`;
  return withHead.replace(
    '</head>',
    () => `    ${renderBlock}\n    ${probe}\n    ${preloadTemplate}${hints}\n  </head>`,
  );
}
