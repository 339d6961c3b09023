import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type PluginCreator } from 'postcss';
import { globSync } from 'tinyglobby';

// Tailwind emits a daisyUI component whole once a source names it: `input` brings
// `.mockup-browser .mockup-browser-toolbar .input`, `tab` the lifted and boxed tabs, `btn` the
// button colours the app never uses. A selector that needs an element to carry a daisyUI class no
// source names can never match: daisyUI is CSS only, so only our sources put its classes on
// elements. This drops those selectors from the stylesheet that every document inlines
// (scripts/lib/first-paint-plugins.ts), a sixth of it (docs/decisions.md D51).

const require = createRequire(import.meta.url);

/** The class names of a selector, unescaped (`.sm\:btn-sm` → `sm:btn-sm`). */
function classesIn(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) =>
    (match[1] ?? '').replace(/\\(.)/g, '$1'),
  );
}

/**
 * The classes some element must carry for `selector` to match. What stands inside a functional
 * pseudo-class is left out (`:not(.x)` matches without `.x`, `:where(.x, .y)` with either),
 * except a single selector in `:where()` or `:is()`: `:where(.menu li) .badge` needs a `.menu`.
 */
export function requiredClasses(selector: string): string[] {
  let outer = selector;
  for (let before = ''; before !== outer;) {
    before = outer;
    outer = outer.replace(/:([\w-]+)\(([^()]*)\)/g, (_, name: string, inner: string) =>
      (name === 'where' || name === 'is') && !inner.includes(',') ? ` ${inner} ` : '',
    );
  }
  return classesIn(outer);
}

/** Every class daisyUI's components define (its component stylesheets, themes aside). */
function daisyUiComponentClasses(): Set<string> {
  const dist = path.join(path.dirname(require.resolve('daisyui/package.json')), 'dist');
  const classes = new Set<string>();
  for (const file of ['styled.css', 'unstyled.css']) {
    postcss.parse(readFileSync(path.join(dist, file), 'utf8')).walkRules((rule) => {
      for (const name of classesIn(rule.selector)) classes.add(name);
    });
  }
  return classes;
}

/**
 * Every word of `text` that could name a class, more than Tailwind's own extraction finds: the
 * runs between quotes, spaces and brackets (`sm:btn-sm`, `text-base-content/70`), their parts
 * between colons, and every run of word characters and dashes.
 */
export function classWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const [run] of text.matchAll(/[^\s'"`{}()<>;,=]+/g)) {
    words.add(run);
    for (const part of run.split(':')) words.add(part);
  }
  for (const [word] of text.matchAll(/[\w-]+/g)) words.add(word);
  return words;
}

type Options = {
  /** The sources Tailwind scans (tailwind.config.ts `content`), as globs from `cwd`. */
  content: string[];
  /** Classes Tailwind is told never to make (tailwind.config.ts `blocklist`): no element has one. */
  blocklist?: string[];
  cwd?: string;
};

/** The PostCSS plugin; after Tailwind, which generates what it drops from. */
export const dropUnusedDaisyUiRules: PluginCreator<Options> = (options) => {
  const { content = [], blocklist = [], cwd = process.cwd() } = options ?? {};
  const blocked = new Set(blocklist);
  // Parsed once, when a stylesheet first comes (not whenever a Vite config is loaded).
  let daisyUi: Set<string> | undefined;
  return {
    postcssPlugin: 'learntogether:drop-unused-daisyui-rules',
    // The sources are read on every run: in `npm run dev` one may have named a class since.
    Once(root) {
      const components = (daisyUi ??= daisyUiComponentClasses());
      const words = new Set<string>();
      for (const file of globSync(content, { cwd, absolute: true })) {
        for (const word of classWords(readFileSync(file, 'utf8'))) words.add(word);
      }
      const unnamed = (name: string) =>
        components.has(name) && (!words.has(name) || blocked.has(name));
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((selector) => !requiredClasses(selector).some(unnamed));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      // A media query or layer left empty goes too.
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
};
dropUnusedDaisyUiRules.postcss = true;
