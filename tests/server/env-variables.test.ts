// Configuration has one source: the server's env schema, the web app's variable list and the
// tooling list. The README's table and .env.example name exactly those, and no code reads another.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV_VARIABLES } from '../../server/config';
import { WEB_ENV_VARIABLES } from '../../src/config/env';
import { INTERNAL_ENV_VARIABLES, TOOLING_ENV_VARIABLES } from '../../scripts/lib/tooling-env';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

const DOCUMENTED = sorted([
  ...SERVER_ENV_VARIABLES,
  ...WEB_ENV_VARIABLES,
  ...TOOLING_ENV_VARIABLES,
]);

/** The variables named in the first column of README's "Environment variables" table. */
function readmeTableVariables(): string[] {
  const readme = read('README.md');
  const start = readme.indexOf('## Environment variables');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return sorted(
    section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)])
      .map((match) => match[1] ?? ''),
  );
}

describe('environment variables', () => {
  it("README's table names exactly the variables of the schemas", () => {
    expect(readmeTableVariables()).toEqual(DOCUMENTED);
  });

  it('.env.example names exactly the variables of the schemas', () => {
    const names = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map(
      (match) => match[1] ?? '',
    );
    expect(sorted(names)).toEqual(DOCUMENTED);
  });

  it('no code reads a variable that is not in one of the lists', () => {
    const reads = execFileSync(
      'git',
      ['grep', '-hoE', 'process\\.env\\.[A-Z][A-Z0-9_]+', '--', '*.ts', '*.tsx'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const names = sorted(
      [...reads.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1] ?? ''),
    );
    const known = new Set<string>([...DOCUMENTED, ...INTERNAL_ENV_VARIABLES]);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });
});
