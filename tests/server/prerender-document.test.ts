import { describe, expect, it } from 'vitest';
import {
  APP_PRELOADS_ID,
  prerenderedDocument,
  prerenderedFileOf,
} from '../../contract/prerendered';
import { PRERENDERED_HEAD_SCRIPT } from '../../contract/early-taps';

// The build's prerendered documents (docs/decisions.md D49): index.html with a screen's markup.
const SHELL = `<!doctype html><html><head><title>LearnTogether</title>
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-1.js">
  </head><body>
    <div id="root">
      <div class="shell"><main></main></div>
      <noscript><p>LearnTogether needs JavaScript.</p></noscript>
    </div>
  </body></html>`;

describe('prerendered documents', () => {
  it("puts the markup in #root, React's hints in the head and the notice after #root", () => {
    const html = prerenderedDocument(
      SHELL,
      '<link rel="preload" as="image" href="/hero.svg"/><div class="app"><h1>Hi</h1></div>',
    );
    expect(html).toContain(
      '<div id="root" data-prerendered=""><div class="app"><h1>Hi</h1></div></div>',
    );
    expect(html).toMatch(/<link rel="preload" as="image" href="\/hero.svg"\/>\s*<\/head>/);
    expect(html).toMatch(
      /<\/div>\s*<template id="markup-end"><\/template><noscript><p>LearnTogether needs JavaScript.<\/p><\/noscript>/,
    );
    expect(html).not.toContain('class="shell"');
    // The screen needs no script to show: the app's chunks wait (src/boot.ts), not preloaded;
    // their links wait, inert, in a template for boot.ts to put in the head once it is shown.
    const template = `<template id="${APP_PRELOADS_ID}"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-1.js"></template>`;
    expect(html).toContain(template);
    expect(html.replace(template, '')).not.toContain('modulepreload');
    // No frame before the markup is parsed in full: a half-parsed page would grow as it came.
    expect(html).toMatch(/<link rel="expect" href="#markup-end" blocking="render">[^]*<\/head>/);
  });

  it("leaves out the app's own title and description: the page's head tags say them", () => {
    const html = prerenderedDocument(
      SHELL,
      '<link rel="preload" as="image" href="/hero.svg"/><title>About us · LearnTogether</title>' +
        '<meta name="description" content="Who we are"/><div class="app"><h1>Hi</h1></div>',
      {
        head: '<title>About us · LearnTogether</title><meta name="description" content="Who we are" />',
      },
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<div id="root" data-prerendered=""><div class="app"><h1>Hi</h1></div></div>',
    );
    expect(html).toMatch(/<link rel="preload" as="image" href="\/hero.svg"\/>\s*<\/head>/);
  });

  it("runs one inline script, in the head: the saved-cart probe and the early taps' holder", () => {
    const html = prerenderedDocument(SHELL, '<div class="app"><h1>Hi</h1></div>');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(inline.map((match) => match[1])).toEqual([PRERENDERED_HEAD_SCRIPT]);
    expect(inline[0]!.index).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses markup with a script (the CSP would not run it) and a shell without #root', () => {
    expect(() => prerenderedDocument(SHELL, '<div></div><script>$RC()</script>')).toThrow(/script/);
    expect(() => prerenderedDocument('<html><body></body></html>', '<div></div>')).toThrow(/root/);
  });

  it('names one document per one-segment path, and none for anything else', () => {
    expect(prerenderedFileOf('/')).toBe('index.html');
    expect(prerenderedFileOf('/about')).toBe('about.html');
    for (const path of ['/about/x', '/About', '/../etc', '/a.html', '/book/1', '']) {
      expect(prerenderedFileOf(path)).toBeUndefined();
    }
  });
});
