// The chunks of the browser's build whose file keeps its name (`app-1a2B3c4.js`): the
// start's (the preload links name them) and the field measurement's, which the benches pick out.
// Every other chunk's file is its hash alone: each lazy import lists its chunk's file in the
// importer's preload table, and the names were ~0.9 KB of a course page's first load
// (vite.config.ts, docs/decisions.md D107).
const NAMED_CHUNKS: ReadonlySet<string> = new Set([
  'index',
  'main',
  'screens',
  'app',
  'react',
  'redux',
  'router',
  'rtk-query',
  'rolldown-runtime',
  'vitals-beacon',
  'vitals-rules',
  'web-vitals',
]);

/** Characters of content hash in a chunk's file name (Rolldown's least for a build this size). */
export const HASH_LENGTH = 7;

/** Whether the chunk named `name` keeps its name in its file's. */
export function keepsItsName(name: string): boolean {
  return NAMED_CHUNKS.has(name);
}

/** Whether an asset's path is a lazy chunk's file, which is its hash alone. */
export function isUnnamedChunkFile(path: string): boolean {
  const file = /\/assets\/([\w-]+)\.js$/.exec(path)?.[1];
  // A named chunk's file is its name, a dash and the hash.
  return file !== undefined && !keepsItsName(file.slice(0, -(HASH_LENGTH + 1)));
}
