import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classWords,
  dropUnusedDaisyUiRules,
  requiredClasses,
} from '../../scripts/lib/unused-daisyui-rules';

// The build drops the daisyUI selectors no source can make match (docs/decisions.md D51).

describe('the classes a selector needs', () => {
  it('are the classes outside functional pseudo-classes, unescaped', () => {
    expect(requiredClasses('.mockup-browser .mockup-browser-toolbar .input')).toEqual([
      'mockup-browser',
      'mockup-browser-toolbar',
      'input',
    ]);
    expect(requiredClasses('.btn:not(.btn-group .btn)')).toEqual(['btn']);
    expect(requiredClasses('.btn:is(.a, :not(.b))')).toEqual(['btn']);
    // One selector in :where() or :is() must match as it stands.
    expect(requiredClasses(':where(.join *) > .btn:is(.a, :not(.b))')).toEqual(['join', 'btn']);
    expect(requiredClasses(':where(.menu li:not(.menu-title, .disabled)) .badge')).toEqual([
      'menu',
      'badge',
    ]);
    expect(requiredClasses('.sm\\:btn-sm:hover')).toEqual(['sm:btn-sm']);
  });
});

describe('the words of a source that may name a class', () => {
  it('take a class whole, with its variants and its parts, wherever it is written', () => {
    const words = classWords(
      '<p className={`sm:btn-sm ${on ? "text-base-content/70" : ""}`} /> // see collapse.',
    );
    for (const word of ['sm:btn-sm', 'btn-sm', 'text-base-content/70', 'collapse']) {
      expect(words, word).toContain(word);
    }
  });
});

describe('dropping the unused daisyUI rules', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'daisyui-rules-'));
    await writeFile(
      path.join(dir, 'screen.tsx'),
      'export const a = <div className="input btn" />;',
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function run(css: string, blocklist?: string[]): Promise<string> {
    const result = await postcss([
      dropUnusedDaisyUiRules({ content: ['**/*.tsx'], cwd: dir, blocklist }),
    ]).process(css, { from: undefined });
    return result.css;
  }

  it('keeps what the sources name and what is not daisyUI, and drops what can never match', async () => {
    const css = [
      '.input{a:1}',
      '.mockup-browser .mockup-browser-toolbar .input{b:2}',
      '.btn-disabled,.btn:disabled{c:3}',
      '.btn:not(.btn-group){d:4}',
      '.hero-typewriter .hero-typed{e:5}',
      '@media (min-width:1px){.tabs-lifted .tab{f:6}}',
      '@keyframes spin{from{g:7}to{g:8}}',
    ].join('');
    expect(await run(css)).toBe(
      [
        '.input{a:1}',
        '.btn:disabled{c:3}',
        '.btn:not(.btn-group){d:4}',
        '.hero-typewriter .hero-typed{e:5}',
        '@keyframes spin{from{g:7}to{g:8}}',
      ].join(''),
    );
  });

  it('keeps a class once a source names it', async () => {
    await writeFile(
      path.join(dir, 'browser.tsx'),
      'export const b = "mockup-browser mockup-browser-toolbar";',
    );
    expect(await run('.mockup-browser .mockup-browser-toolbar .input{b:2}')).toBe(
      '.mockup-browser .mockup-browser-toolbar .input{b:2}',
    );
  });

  it("drops what needs a class of Tailwind's blocklist, even where a source names it", async () => {
    await writeFile(path.join(dir, 'nav.tsx'), 'export const label = "Open menu";');
    const css = '.menu li>.btn{h:9}:where(.menu li) .btn{i:10}.btn{j:11}';
    expect(await run(css)).toBe(css);
    expect(await run(css, ['menu'])).toBe('.btn{j:11}');
  });
});
