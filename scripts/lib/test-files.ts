import { readdirSync, readFileSync } from 'node:fs';

/**
 * The test files under `dir` (`*.test.ts` and `*.test.tsx`, in sub-folders too) whose text matches
 * `pattern`, as `dir/…` paths: how `npm test` and vitest.config.ts choose which files run how.
 */
export function testFilesMatching(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`)
    .filter((file) => pattern.test(readFileSync(file, 'utf8')));
}

/**
 * The server files that say `// Whole processes:` on their first line: they start the compiled
 * server or the Auth Emulator as processes, and take a minute or more, mostly waiting on them.
 */
export const wholeProcessSuites = (): string[] =>
  testFilesMatching('tests/server', /^\/\/ Whole processes:/m);
