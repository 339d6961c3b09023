// `npm run lint`'s check of the repository's own references (docs/decisions.md D71): every
// section a file cites names a heading of that document, every decision cited exists, and every
// repository path named in a comment is there. Prints what is stale and fails; `checkReferences`
// is the rule, for tests/server/check-references.test.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * What the check may ask of the repository: whether a path is there (or is one git ignores, such
 * as a build's output: named, never committed), and a document's text.
 */
export type Repository = {
  exists(file: string): boolean;
  ignored(file: string): boolean;
  read(file: string): string;
};

/** The repository's top-level folders: a comment's path that starts with one is checked as is. */
const TOP_FOLDERS = ['src', 'server', 'contract', 'scripts', 'bench', 'deploy', 'tests', 'docs'];

// A citation: `docs/<name>.md` (backquoted or not), then sections (`§N`, `§N.M, §K`) and a decision.
const CITATION = /`?docs\/([a-z-]+)\.md`?((?:,? ?§[\d.]+)*)(?: (D\d+))?/g;
// What names a section's document when the section is written bare: a citation, an issue or an
// RFC (whose sections are not checked), or the original specification, which a clone does not
// have (docs/product.md follows its sections).
const ANCHOR = /`?docs\/([a-z-]+)\.md`?|\b(issue\s+\d+|RFC\s+\d+)\b|\b(spec)(?:'s|ification)?\b/gi;
const SECTION = /§(\d+(?:\.\d+)*)/g;
const DECISION = /(?<![\w-])D(\d{1,3})(?![\w-])/g;

const ABSOLUTE_PATH = new RegExp(`(?<![\\w.@/-])((?:${TOP_FOLDERS.join('|')})/[\\w.@/-]*)`, 'g');
const RELATIVE_PATH =
  /(?<![\w.@/-])((?:\.\.?\/)*[\w-]+(?:\/[\w.-]+)+\.(?:tsx?|jsx?|md|sql|json|css|html))(?![\w/])/g;

/** Whether `doc` has a heading for section `id` (`## §N Title`, or `## N. Title` as in deploy.md). */
function hasSection(doc: string, id: string): boolean {
  const escaped = id.replaceAll('.', '\\.');
  return new RegExp(`^#+ (?:§${escaped}\\s|${escaped}\\.\\s)`, 'm').test(doc);
}

/** The text of every comment of a source file, with the line it starts on. */
export function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const extension = path.extname(file);
  if (['.ts', '.tsx', '.js', '.mjs'].includes(extension)) return scriptComments(file, text);
  const comments: { line: number; text: string }[] = [];
  const lines = text.split('\n');
  if (extension === '.css') {
    for (const match of text.matchAll(/\/\*[\s\S]*?\*\//g)) {
      comments.push({ line: lineAt(text, match.index), text: match[0] });
    }
    return comments;
  }
  const marker =
    extension === '.sql'
      ? '--'
      : ['.conf', '.service', '.example', '.sh'].includes(extension) ||
          file.startsWith('.ci/') ||
          file.startsWith('.env')
        ? '#'
        : undefined;
  if (!marker) return [];
  lines.forEach((line, index) => {
    const at = line.indexOf(marker);
    if (at >= 0 && (at === 0 || /\s/.test(line[at - 1] ?? ''))) {
      comments.push({ line: index + 1, text: line.slice(at) });
    }
  });
  return comments;
}

function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Comments as TypeScript reads them (not the `//` in a string or a regular expression). */
function scriptComments(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const seen = new Set<number>();
  const comments: { line: number; text: string }[] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({ line: lineAt(text, range.pos), text: text.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return comments.sort((a, b) => a.line - b.line);
}

/**
 * The stale references of `files`: a cited document, section or decision that does not exist, a
 * bare `§N` whose document nothing names, and a path in a comment that is not in the repository.
 * A bare `§N` belongs to the nearest document named before it on its line or the line above (a
 * citation, or an issue, an RFC or the specification, which are not checked); with none, to the
 * document it is written in, if that is one of docs/.
 */
export function checkReferences(
  files: readonly { path: string; text: string }[],
  repo: Repository,
): string[] {
  const problems: string[] = [];
  const docs = new Map<string, string | null>();
  const docText = (name: string): string | null => {
    if (!docs.has(name)) {
      const file = `docs/${name}.md`;
      docs.set(name, repo.exists(file) ? repo.read(file) : null);
    }
    return docs.get(name) ?? null;
  };

  for (const file of files) {
    const lines = file.text.split('\n');
    const ownDoc = /^docs\/([a-z-]+)\.md$/.exec(file.path)?.[1];
    lines.forEach((line, index) => {
      const at = `${file.path}:${index + 1}`;
      // Headings and the decisions' own bold titles are what is cited, not citations.
      if (ownDoc && /^#+ /.test(line)) return;
      const context = `${lines[index - 1] ?? ''}\n`;
      for (const match of line.matchAll(SECTION)) {
        const id = match[1] ?? '';
        const before = context + line.slice(0, match.index);
        const anchors = [...before.matchAll(ANCHOR)];
        const anchor = anchors[anchors.length - 1];
        // In docs/, "the spec" is what docs/product.md follows section by section: its own §N.
        if (anchor?.[3] && !ownDoc) {
          problems.push(
            `${at}: §${id} cites the specification, outside the repository (cite docs/product.md)`,
          );
          continue;
        }
        if (anchor?.[2]) continue; // an issue's or an RFC's
        const name = anchor?.[1] ?? ownDoc;
        if (!name) {
          problems.push(`${at}: §${id} names no document (write docs/<name>.md §${id})`);
          continue;
        }
        const doc = docText(name);
        if (doc === null) problems.push(`${at}: docs/${name}.md does not exist`);
        else if (!hasSection(doc, id)) problems.push(`${at}: docs/${name}.md has no §${id}`);
      }
      for (const match of line.matchAll(CITATION)) {
        if (docText(match[1] ?? '') === null) {
          if (!match[2]) problems.push(`${at}: docs/${match[1]}.md does not exist`);
        }
      }
      if (file.path === 'docs/decisions.md' && /^\*\*D\d+\./.test(line)) return;
      for (const match of line.matchAll(DECISION)) {
        const decisions = docText('decisions') ?? '';
        if (!decisions.includes(`**D${match[1]}.`)) {
          problems.push(`${at}: docs/decisions.md has no D${match[1]}`);
        }
      }
    });

    for (const comment of commentsOf(file.path, file.text)) {
      for (const found of pathsIn(comment.text)) {
        if (!pathExists(found, file.path, repo)) {
          problems.push(`${file.path}:${comment.line}: ${found} does not exist`);
        }
      }
    }
  }
  return [...new Set(problems)];
}

/** The repository paths a comment names; placeholders (`<domain>`, `*`, `{id}`) are not paths. */
function pathsIn(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [ABSOLUTE_PATH, RELATIVE_PATH]) {
    for (const match of text.matchAll(pattern)) {
      const next = text[match.index + match[0].length] ?? '';
      if ('<{*$…['.includes(next) && next !== '') continue;
      // Sentence punctuation after the path is not part of it.
      const candidate = (match[1] ?? '').replace(/[.,;:]+$/, '');
      if (candidate.includes('...') || candidate === '') continue;
      if (pattern === RELATIVE_PATH && TOP_FOLDERS.some((top) => candidate.startsWith(`${top}/`))) {
        continue;
      }
      found.push(candidate);
    }
  }
  return found;
}

/**
 * A path from the repository's root, or (not starting with a top folder) from the citing file's
 * folder or one of its parents, as `routes/<name>.ts` in server/services/ means server/routes/<name>.ts.
 */
function pathExists(candidate: string, from: string, repo: Repository): boolean {
  const top = candidate.split('/')[0] ?? '';
  if (TOP_FOLDERS.includes(top)) return isThere(candidate.replace(/\/$/, ''), repo);
  // A package's file (`pngjs/lib/png.js`) is not the repository's.
  if (repo.exists(`node_modules/${top}`)) return true;
  let folder = path.posix.dirname(from);
  for (;;) {
    if (isThere(path.posix.normalize(path.posix.join(folder, candidate)), repo)) return true;
    if (folder === '.' || folder === '') return false;
    folder = path.posix.dirname(folder);
  }
}

/** A file, a folder, or a module named as it is imported (`contract/errors`: contract/errors.ts). */
function isThere(file: string, repo: Repository): boolean {
  if (['', '.ts', '.tsx', '/index.ts'].some((suffix) => repo.exists(file + suffix))) return true;
  return repo.ignored(file);
}

/** The working tree's tracked text files. */
function trackedTextFiles(root: string): { path: string; text: string }[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) =>
      /\.(tsx?|jsx?|mjs|md|sql|css|conf|service|example|sh|json)$|^\.ci\//.test(file),
    )
    .filter((file) => file !== 'package-lock.json' && existsSync(path.join(root, file)))
    .map((file) => ({ path: file, text: readFileSync(path.join(root, file), 'utf8') }));
}

/** The repository at `root`, as the check sees it. */
export function workingTree(root: string): Repository {
  return {
    exists: (file) => existsSync(path.join(root, file)),
    ignored: (file) => {
      try {
        execFileSync('git', ['check-ignore', '-q', '--no-index', file], { cwd: root });
        return true;
      } catch {
        return false;
      }
    },
    read: (file) => readFileSync(path.join(root, file), 'utf8'),
  };
}

/** The stale references of the working tree at `root`. */
export function checkWorkingTree(root: string): string[] {
  return checkReferences(trackedTextFiles(root), workingTree(root));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkWorkingTree(fileURLToPath(new URL('../', import.meta.url)));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check-references: ${problems.length} stale reference(s)`);
    process.exit(1);
  }
  console.log('check-references: every cited section, decision and path exists');
}
