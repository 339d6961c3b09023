import postcss from 'postcss';
import tailwindcss from 'tailwindcss';
import { describe, expect, it } from 'vitest';
import config, { withoutImportantModifiers } from '../../tailwind.config';

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
});
