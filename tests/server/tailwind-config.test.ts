import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import tailwindcss from 'tailwindcss';
import { globSync } from 'tinyglobby';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import config, {
  UNUSED_DAISYUI_COMPONENTS,
  withoutImportantModifiers,
} from '../../tailwind.config';

/** Every class a `className` of the app's screens writes out, with the file it is in. */
function classNamesWritten(): { file: string; name: string }[] {
  const found: { file: string; name: string }[] = [];
  for (const file of globSync(['src/**/*.tsx'])) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const texts = (node: ts.Node): string[] =>
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
        ? [node.text]
        : node.getChildren(source).flatMap(texts);
    const visit = (node: ts.Node): void => {
      if (
        ts.isJsxAttribute(node) &&
        node.name.getText(source) === 'className' &&
        node.initializer
      ) {
        for (const text of texts(node.initializer)) {
          for (const word of text.split(/\s+/)) found.push({ file, name: word.split(':').at(-1)! });
        }
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return found;
}

describe("the stylesheet's classes", () => {
  it('reads a negation in the code as a word, not as an important class', () => {
    expect(withoutImportantModifiers('if (!menu || !container) return x !== y;')).toBe(
      'if ( menu ||  container) return x !== y;',
    );
  });

  it('has no `!important` copy of a rule: no class of the app asks for one', async () => {
    const { css } = await postcss([tailwindcss(config)]).process(
      '@tailwind components; @tailwind utilities;',
      { from: undefined },
    );
    expect(css).toContain('.card');
    expect(css.match(/\.\\![\w-]+/g) ?? []).toEqual([]);
  });

  it("makes none of the daisyUI components the app does not use, and no screen's className names one", async () => {
    const { css } = await postcss([tailwindcss(config)]).process(
      '@tailwind components; @tailwind utilities;',
      { from: undefined },
    );
    for (const name of UNUSED_DAISYUI_COMPONENTS) {
      expect(css, name).not.toMatch(new RegExp(`\\.${name}(?![\\w-])\\s*[{,]`));
    }
    const written = classNamesWritten();
    // The scan does see the classes: the buttons, say.
    expect(written.map(({ name }) => name)).toContain('btn');
    const blocked = new Set(UNUSED_DAISYUI_COMPONENTS);
    expect(written.filter(({ name }) => blocked.has(name))).toEqual([]);
  });
});
