// The repository explains itself: code, tests and README cite docs/ (docs/architecture.md), never
// a file a clone does not have, and every cited section, decision and commented path exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkWorkingTree } from '../../scripts/check-references';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Tracked text files, as a clone has them. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !/\.(png|jpe?g|gif|webp|svg|ico|woff2?)$/.test(file))
    .filter((file) => file !== 'package-lock.json' && existsSync(path.join(ROOT, file)));
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

// Spelled in pieces, so this file does not cite what it looks for.
const OUTSIDE = [
  ['..', '/shared'].join(''),
  ['DESIGN', '.md'].join(''),
  ['product', '-spec'].join(''),
  ['spec', ' §'].join(''),
];

describe('citations', () => {
  const files = trackedFiles();

  it('nothing outside docs/ points outside the repository', () => {
    const offending = files
      .filter((file) => !file.startsWith('docs/'))
      .flatMap((file) =>
        read(file)
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line }))
          .filter(({ text }) => OUTSIDE.some((needle) => text.includes(needle))),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`);
    expect(offending).toEqual([]);
  });

  it('every cited docs file, section and decision exists, and every path in a comment', () => {
    // The rule is the lint step's (scripts/check-references.ts), run here on the whole tree too.
    expect(checkWorkingTree(ROOT)).toEqual([]);
  });

  it('the three docs exist and the README points to them', () => {
    for (const name of ['product', 'architecture', 'decisions']) {
      expect(existsSync(path.join(ROOT, `docs/${name}.md`))).toBe(true);
      expect(read('README.md')).toContain(`docs/${name}.md`);
    }
  });
});
