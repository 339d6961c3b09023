import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  DEFAULT_BOOK_PAGE_SIZE,
  bookListSchema,
  bookPageSchema,
  type BookListQuery,
} from '../../contract/books';
import { inDollars } from '../../contract/money';
import type { Queryable } from '../db/client';
import { catalogueVersion, listBooks } from '../db/repositories/books';

const gzipAsync = promisify(gzip);

/** One GET /books answer, serialised, compressed and hashed once per catalogue version. */
export type CatalogueAnswer = {
  version: string;
  /** The JSON bytes (a Book[], or a page `{ books, total, page, limit }` when `page` was given). */
  json: Buffer;
  /** The same bytes gzipped, or null when gzip would not make them smaller. */
  gzip: Buffer | null;
  /** A weak validator of the JSON, the same for both encodings. */
  etag: string;
  /** Matches before paging. */
  total: number;
};

export type CatalogueOptions = {
  /**
   * How long a catalogue version read from the database is trusted: the longest another
   * process's write may take to show here. This process's own writes show at once (`invalidate`).
   */
  recheckMs?: number;
  /** Answers kept at most (least recently used go first). */
  maxAnswers?: number;
};

export interface Catalogue {
  /**
   * The answer to a validated GET /books query when memory holds it for the version known to be
   * current, without waiting: the hot path (docs/decisions.md D93). Undefined: ask `answer`.
   */
  ready(query: BookListQuery): CatalogueAnswer | undefined;
  /** The answer to a validated GET /books query, from memory while the catalogue is unchanged. */
  answer(query: BookListQuery): Promise<CatalogueAnswer>;
  /** Forgets every answer and the known version: call once this process has changed books. */
  invalidate(): void;
  /**
   * The catalogue's version as read elsewhere (the page snapshots' poll, D63): answers built at
   * another one are forgotten now rather than at the next recheck, so a snapshot made from this
   * read never shows an older catalogue than the version it was made at.
   */
  sawVersion(version: string): void;
}

export const CATALOGUE_RECHECK_MS = 500;
const MAX_ANSWERS = 500;

/**
 * The catalogue's read cache. Every write to `books` bumps `catalogue_version` (a trigger), so an
 * answer is good while the version it was built at is current; the version itself is re-read at
 * most every `recheckMs`, which keeps the hot path free of database reads.
 */
export function createCatalogue(db: Queryable, options: CatalogueOptions = {}): Catalogue {
  const recheckMs = options.recheckMs ?? CATALOGUE_RECHECK_MS;
  const maxAnswers = options.maxAnswers ?? MAX_ANSWERS;

  let known: { version: string; checkedAt: number } | undefined;
  let versionRead: Promise<string> | undefined;
  // Bumped by invalidate(): work begun before it must not be kept after it.
  let generation = 0;
  const answers = new Map<string, CatalogueAnswer>();
  const building = new Map<string, Promise<CatalogueAnswer>>();

  /** The version last read, while it is younger than recheckMs. */
  function trustedVersion(): string | undefined {
    return known && performance.now() - known.checkedAt < recheckMs ? known.version : undefined;
  }

  function currentVersion(): Promise<string> | string {
    const trusted = trustedVersion();
    if (trusted !== undefined) return trusted;
    // One read for all the requests that arrive meanwhile.
    versionRead ??= readVersion().finally(() => {
      versionRead = undefined;
    });
    return versionRead;
  }

  async function readVersion(): Promise<string> {
    const startedAt = performance.now();
    const startedIn = generation;
    const version = await catalogueVersion(db);
    if (startedIn === generation) {
      if (known?.version !== version) answers.clear();
      known = { version, checkedAt: startedAt };
    }
    return version;
  }

  async function build(query: BookListQuery, version: string): Promise<CatalogueAnswer> {
    const { items: listed, total } = await listBooks(db, query);
    const items = listed.map(inDollars);
    // Checked against the contract here, once per version, instead of on every response.
    const body =
      query.page === undefined
        ? bookListSchema.parse(items)
        : bookPageSchema.parse({
            books: items,
            total,
            page: query.page,
            limit: query.limit ?? DEFAULT_BOOK_PAGE_SIZE,
          });
    const json = Buffer.from(JSON.stringify(body));
    const gzipped = await gzipAsync(json);
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    return {
      version,
      json,
      gzip: gzipped.length < json.length ? gzipped : null,
      etag: `W/"${hash}"`,
      total,
    };
  }

  /**
   * The answer kept for `key` if it was built at `version`, moved to the end of the map: most
   * recently used last, so the oldest is the first to go.
   */
  function kept(key: string, version: string): CatalogueAnswer | undefined {
    const answer = answers.get(key);
    if (answer?.version !== version) return undefined;
    answers.delete(key);
    answers.set(key, answer);
    return answer;
  }

  function invalidate(): void {
    generation += 1;
    known = undefined;
    versionRead = undefined;
    answers.clear();
    building.clear();
  }

  return {
    ready(query) {
      const version = trustedVersion();
      return version === undefined ? undefined : kept(keyOf(query), version);
    },

    async answer(query) {
      const startedIn = generation;
      const version = await currentVersion();
      const key = keyOf(query);
      const cached = kept(key, version);
      if (cached) return cached;

      const buildKey = `${version}\n${key}`;
      let pending = building.get(buildKey);
      if (!pending) {
        const started = build(query, version);
        pending = started.finally(() => {
          if (building.get(buildKey) === pending) building.delete(buildKey);
        });
        building.set(buildKey, pending);
      }
      const built = await pending;
      if (startedIn === generation && known?.version === version) {
        answers.delete(key);
        answers.set(key, built);
        if (answers.size > maxAnswers) {
          const oldest = answers.keys().next();
          if (!oldest.done) answers.delete(oldest.value);
        }
      }
      return built;
    },

    invalidate,

    sawVersion(version) {
      if (known?.version !== version) invalidate();
    },
  };
}

/** Queries that mean the same answer share one key (the schema already trimmed `q`). */
function keyOf(query: BookListQuery): string {
  const limit = query.limit ?? (query.page === undefined ? null : DEFAULT_BOOK_PAGE_SIZE);
  // Joined by NUL, which no value can hold (textSchema refuses it in `q`; the others are enums
  // and numbers): cheaper than JSON on every request (docs/decisions.md D91).
  const sort = query.sort ?? 'name';
  return `${query.q ?? ''}\0${query.category ?? ''}\0${sort}\0${query.page ?? ''}\0${limit ?? ''}`;
}
