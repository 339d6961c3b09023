// The lint step's reference check (scripts/check-references.ts), fed a small repository of its own:
// what it must refuse, and what it must let through.
import { describe, expect, it } from 'vitest';
import { checkReferences, type Repository } from '../../scripts/check-references';

// Spelled in pieces, so that the check, run on this file too, does not read the stale references
// fed to it as this file's own.
const S = '\u00a7';
const DOCS = 'docs/';
const D = 'D';

const ARCHITECTURE = `# Architecture\n\n## ${S}3 The API contract\n\n## ${S}6 The chat\n\n### ${S}6.2 The board\n`;
const DEPLOY = '# Deploying\n\n## 2. Stripe\n';
const DECISIONS = `# Decisions\n\n**${D}53. Mutes (issue 17).** Text.\n`;

/** A repository of these files (and the folders they are in); `build/` is ignored, as by git. */
function repository(files: Record<string, string>): Repository {
  const folders = new Set(
    Object.keys(files).flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
    ),
  );
  return {
    exists: (file) => file in files || folders.has(file),
    ignored: (file) => file.startsWith('build/'),
    read: (file) => files[file] ?? '',
  };
}

const BASE = {
  [`${DOCS}architecture.md`]: ARCHITECTURE,
  [`${DOCS}deploy.md`]: DEPLOY,
  [`${DOCS}decisions.md`]: DECISIONS,
  'server/chat/board.ts': '',
  'server/routes/books.ts': '',
  'contract/errors.ts': '',
};

function check(path: string, text: string): string[] {
  const files = { ...BASE, [path]: text };
  const tracked = Object.entries(files).map(([file, content]) => ({ path: file, text: content }));
  return checkReferences(tracked, repository(files));
}

describe('check-references', () => {
  it('lets through sections, decisions and paths that exist', () => {
    const text = [
      `// The chat (${DOCS}architecture.md ${S}6, ${S}6.2; ${DOCS}decisions.md ${D}53): server/chat/board.ts.`,
      '// Its books (routes/books.ts), its errors (contract/errors), a build (build/index.js).',
      `/** Stripe (\`${DOCS}deploy.md\` ${S}2), mutes (${D}53), the report of issue 33 ${S}5, RFC 9110 ${S}13.1.2. */`,
      "const url = 'server/not/in/a/comment.ts';",
    ].join('\n');
    expect(check('server/chat/plugin.ts', text)).toEqual([]);
  });

  it('fails on a section the document does not have', () => {
    expect(
      check('src/lib/socket.ts', `// The chat server (${DOCS}architecture.md ${S}9).`),
    ).toEqual([`src/lib/socket.ts:1: ${DOCS}architecture.md has no ${S}9`]);
  });

  it('fails on a section in a list after the first', () => {
    expect(check('src/a.ts', `// See ${DOCS}architecture.md ${S}3, ${S}6.7.`)).toEqual([
      `src/a.ts:1: ${DOCS}architecture.md has no ${S}6.7`,
    ]);
  });

  it(`fails on a bare ${S} that names no document, and on one of the specification`, () => {
    expect(
      check('src/a.ts', `/** The player (${S}2.26). */\n// As the spec says (${S}5).`),
    ).toEqual([
      `src/a.ts:1: ${S}2.26 names no document (write ${DOCS}<name>.md ${S}2.26)`,
      `src/a.ts:2: ${S}5 cites the specification, outside the repository (cite ${DOCS}product.md)`,
    ]);
  });

  it(`reads a bare ${S} in a document as its own`, () => {
    const files = { ...BASE };
    const text = `# Architecture\n\n## ${S}3 The API contract\n\nAs ${S}3 says, and as ${S}4 does not.\n`;
    files[`${DOCS}architecture.md`] = text;
    const tracked = Object.entries(files).map(([path, content]) => ({ path, text: content }));
    expect(checkReferences(tracked, repository(files))).toEqual([
      `${DOCS}architecture.md:5: ${DOCS}architecture.md has no ${S}4`,
    ]);
  });

  it('fails on a document or a decision that does not exist', () => {
    expect(check('src/a.ts', `// ${DOCS}guide.md ${S}1 and ${DOCS}decisions.md ${D}99.`)).toEqual([
      `src/a.ts:1: ${DOCS}guide.md does not exist`,
      `src/a.ts:1: ${DOCS}decisions.md has no ${D}99`,
    ]);
  });

  it('fails on a path in a comment that is not in the repository', () => {
    const text = [
      '// Painted as the web app paints (src/features/drawing/stroke-paint.ts).',
      'const board = 1; // server/chat/board-image.ts moved',
      '/* the route (routes/carts.ts) */',
    ].join('\n');
    expect(check('server/chat/board.ts', text)).toEqual([
      'server/chat/board.ts:1: src/features/drawing/stroke-paint.ts does not exist',
      'server/chat/board.ts:2: server/chat/board-image.ts does not exist',
      'server/chat/board.ts:3: routes/carts.ts does not exist',
    ]);
  });

  it('reads the comments of SQL and shell files too', () => {
    expect(check('server/db/migrations/001.sql', '-- see server/db/gone.ts\nselect 1;')).toEqual([
      'server/db/migrations/001.sql:1: server/db/gone.ts does not exist',
    ]);
  });
});
