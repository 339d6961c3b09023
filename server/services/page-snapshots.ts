import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import type { ApiRouteKey } from '../../contract/api-routes';
import { RENDERER_DIR, RENDERER_FILE, prerenderedDocument } from '../../contract/prerendered';
import { asArray } from '../as-array';
import type { Queryable } from '../db/client';

/** A public GET of the API (`apiPath` under `/api`): its status and, when 200, its JSON. */
export type ApiGet = (apiPath: string) => Promise<{ status: number; body: unknown }>;

/** What the server needs of the renderer built from src/prerender.tsx (D63). */
type Renderer = {
  snapshotPaths(get: ApiGet): Promise<string[]>;
  gatherSnapshotData(pathname: string, get: ApiGet): Promise<unknown>;
  prerenderScreen(
    pathname: string,
    options: { origin: string; data: unknown },
  ): Promise<{ markup: string; head: string }>;
};

function isRenderer(module: unknown): module is Renderer {
  if (typeof module !== 'object' || module === null) return false;
  const candidate = module as Record<string, unknown>;
  return (
    typeof candidate.snapshotPaths === 'function' &&
    typeof candidate.gatherSnapshotData === 'function' &&
    typeof candidate.prerenderScreen === 'function'
  );
}

type Snapshot = {
  /** The catalogue's signature it was made at: sent only while that is still the current one. */
  signature: string;
  /** A hash of the data it shows: unchanged data is not rendered again. */
  dataHash: string;
  html: string;
};

export type PageSnapshotsOptions = {
  db: Queryable;
  /** The SPA's build: its index.html and the renderer (contract/prerendered.ts RENDERER_DIR). */
  spaDir: string;
  /** The shop's public origin (PUBLIC_URL): canonical URLs and preview images. */
  publicUrl: string;
  get: ApiGet;
  /**
   * Told the catalogue's version each poll reads (`Catalogue.sawVersion`): the book lists a pass
   * asks `get` for come from the catalogue's cache, which may trust an older version for a while.
   */
  sawCatalogueVersion?: (version: string) => void;
  log: FastifyBaseLogger;
  /** How often the catalogue's signature is read (ms): the longest a change takes to be seen. */
  pollMs?: number;
  /** How often every page's data is read again even without a new signature (ms). */
  fullCheckMs?: number;
};

export interface PageSnapshots {
  /** The snapshot document of `pathname`, if one is made and still current; else undefined. */
  documentFor(pathname: string): string | undefined;
  /** Starts the background work: a first build now, then one whenever the catalogue changes. */
  start(): void;
  /** Stops it (waits for a build under way). */
  stop(): Promise<void>;
  /**
   * This process has just changed what the pages show (a CATALOGUE_WRITES request): no snapshot
   * is sent until the signature has been read again, which starts now. Another process's change
   * is seen by the poll.
   */
  changed(): void;
  /** One pass now (tests): reads the signature and rebuilds what changed. */
  update(): Promise<void>;
}

/**
 * The API's writes that can change what a catalogue page shows (what the signature reads): a
 * book's fields and stock, a stock hold (a payment intent, a cancelled booking, the webhook that
 * makes the order), a refund's restock, a course and its reviews. After one answered without an
 * error, this process sends no snapshot from before it: the shopper who has just paid is not shown
 * the copies left before the purchase (D63).
 */
export const CATALOGUE_WRITES: ReadonlySet<string> = new Set<ApiRouteKey>([
  'POST /api/book',
  'PATCH /api/books/:id',
  'DELETE /api/books/:id',
  'POST /api/payments/intent',
  'POST /api/payments/webhook',
  'DELETE /api/booking/dlt/:id',
  'POST /api/admin/orders/:id/refunds',
  'POST /api/courses/:id/reviews',
  'PATCH /api/admin/course-reviews/:id',
  'POST /api/admin/courses',
  'PUT /api/admin/courses/:id',
  'PUT /api/admin/courses/:id/published',
  'DELETE /api/admin/courses/:id',
]);

/**
 * Calls `changed` once a CATALOGUE_WRITES request has been answered without an error, before the
 * answer leaves (a client that goes on to a page is sent no snapshot from before its write). Call
 * on the root instance before any route is added.
 */
export function onCatalogueWrites(app: FastifyInstance, changed: () => void): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = asArray(route.method);
    if (!methods.some((method) => CATALOGUE_WRITES.has(`${method} ${route.url}`))) return;
    const afterWrite: onSendHookHandler = (_request, reply, payload, done) => {
      if (reply.statusCode < 400) changed();
      done(null, payload);
    };
    route.onSend = [...asArray(route.onSend), afterWrite];
  });
}

export const SNAPSHOT_POLL_MS = 1_000;
const FULL_CHECK_MS = 60_000;

/**
 * Everything a catalogue page shows that can change, in one cheap read: the books (their version,
 * migration 004, and their stock), the copies live reservations hold (they lapse with time), the
 * courses, their outlines and their reviews. A new signature means: read the pages' data again.
 */
async function catalogueSignature(db: Queryable): Promise<{ signature: string; version: string }> {
  const [row] = await db.query<{ signature: string; version: string }>(
    `select (select version::text from catalogue_version) as version, concat_ws('|',
       (select version::text from catalogue_version),
       (select md5(coalesce(string_agg(id || ':' || stock, ',' order by id), '')) from books),
       (select md5(coalesce(string_agg(book_id || ':' || quantity || ':' || expires_at::text, ','
          order by book_id, expires_at), '')) from stock_reservations where expires_at > now()),
       (select md5(coalesce(string_agg(concat_ws(':', id, updated_at, published, removed_at, position),
          ',' order by id), '')) from courses),
       (select md5(coalesce(string_agg(concat_ws(':', id, title, position), ',' order by id), ''))
          from course_sections),
       (select md5(coalesce(string_agg(concat_ws(':', id, section_id, title, kind, minutes, preview,
          position), ',' order by id), '')) from course_lessons),
       (select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' ||
          coalesce(max(hidden_at)::text, '') from course_reviews)
     ) as signature`,
  );
  if (!row) throw new Error('the catalogue signature query returned no row');
  return row;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** Lets requests in between two renders: a rebuild never holds the event loop for long. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The catalogue's page snapshots (docs/decisions.md D63): per process, in memory, a prerendered
 * document of `/book`, `/courses` and every book's and course's page, made by the build's renderer
 * (src/prerender.tsx) with the data the page fetches first. A background loop reads the
 * catalogue's signature every `pollMs` and, when it changed, reads every page's data again and
 * renders the pages whose data changed. A request only looks a snapshot up: one made at an older
 * signature, or none, means the ordinary shell. Every process does this on its own, from the
 * shared database, so any number of processes agree within `pollMs` and a render.
 */
export function createPageSnapshots(options: PageSnapshotsOptions): PageSnapshots {
  const { db, spaDir, get, log } = options;
  const origin = options.publicUrl.replace(/\/+$/, '');
  const pollMs = options.pollMs ?? SNAPSHOT_POLL_MS;
  const fullCheckMs = options.fullCheckMs ?? FULL_CHECK_MS;
  const snapshots = new Map<string, Snapshot>();
  /** The newest signature read; snapshots made at another one are not sent. */
  let current: string | undefined;
  let builtAt: { signature: string; time: number } | undefined;
  let renderer: Promise<Renderer | undefined> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  /** This process's changes (changed()): a signature read while one was made is read again. */
  let changes = 0;
  let rebuilding: Promise<void> | undefined;
  let stopped = false;

  /**
   * A read that fails once stop() is called is the server closing under a pass (its API no longer
   * answers `inject`): expected, not an error to report.
   */
  function failed(error: unknown, message: string, pathname?: string): void {
    if (stopped) log.debug({ err: error, pathname }, `${message} while stopping`);
    else log.error({ err: error, pathname }, message);
  }

  async function loadRenderer(): Promise<Renderer | undefined> {
    const file = path.join(spaDir, RENDERER_DIR, RENDERER_FILE);
    try {
      const module: unknown = await import(pathToFileURL(file).href);
      if (isRenderer(module)) return module;
      log.warn({ file }, 'page snapshots: the renderer lacks its functions; shells only');
    } catch (error) {
      log.warn({ file, err: error }, 'page snapshots: no renderer in the build; shells only');
    }
    return undefined;
  }

  /** Brings one page's snapshot to `signature`: rendered again only when its data changed. */
  async function refresh(
    loaded: Renderer,
    pathname: string,
    pass: { signature: string; shell: string; shellHash: string },
  ): Promise<void> {
    const data = await loaded.gatherSnapshotData(pathname, get);
    if (data === undefined) {
      snapshots.delete(pathname);
      return;
    }
    // The shell too: a new build's document is a new snapshot.
    const dataHash = hashOf([pass.shellHash, data]);
    const old = snapshots.get(pathname);
    if (old?.dataHash === dataHash) {
      snapshots.set(pathname, { ...old, signature: pass.signature });
      return;
    }
    const { markup, head } = await loaded.prerenderScreen(pathname, { origin, data });
    const html = prerenderedDocument(pass.shell, markup, { head, data });
    snapshots.set(pathname, { signature: pass.signature, dataHash, html });
  }

  async function rebuild(signature: string): Promise<void> {
    renderer ??= loadRenderer();
    const loaded = await renderer;
    if (!loaded) return;
    const shell = await readFile(path.join(spaDir, 'index.html'), 'utf8');
    const pass = { signature, shell, shellHash: hashOf(shell) };
    const pagePaths = await loaded.snapshotPaths(get);
    const wanted = new Set(pagePaths);
    for (const known of snapshots.keys()) if (!wanted.has(known)) snapshots.delete(known);
    for (const pathname of pagePaths) {
      if (stopped) return;
      try {
        await refresh(loaded, pathname, pass);
      } catch (error) {
        // That page gets the shell; the others their snapshots.
        snapshots.delete(pathname);
        failed(error, 'page snapshot failed', pathname);
      }
      // After every page, changed or not: the API's reads through inject and PGlite's queries
      // settle without handing the event loop back, so a pass of unchanged pages (each full
      // check) otherwise held every request for its whole length (docs/decisions.md D100).
      await yieldToRequests();
    }
    builtAt = { signature, time: Date.now() };
  }

  /** Reads the signature: from now on, a snapshot made at another one is not sent. */
  async function poll(): Promise<void> {
    for (;;) {
      const seen = changes;
      const { signature, version } = await catalogueSignature(db);
      options.sawCatalogueVersion?.(version);
      // A change of this process during the read may be missing from it: read again.
      if (seen !== changes) continue;
      current = signature;
      return;
    }
  }

  function runPoll(): Promise<void> {
    polling ??= poll()
      .catch((error: unknown) => failed(error, 'page snapshots: reading the signature failed'))
      .finally(() => {
        polling = undefined;
      });
    return polling;
  }

  /** Whether the snapshots are behind the newest signature read, or due a full check. */
  function behind(): boolean {
    if (current === undefined) return false;
    return (
      builtAt === undefined ||
      builtAt.signature !== current ||
      Date.now() - builtAt.time >= fullCheckMs
    );
  }

  /**
   * Rebuilds at the newest signature, and again while the polls, which go on meanwhile, read a
   * newer one: a change made during a long rebuild stops the page being sent at the next poll,
   * not once the rebuild ends.
   */
  function runRebuild(): Promise<void> {
    rebuilding ??= (async () => {
      let signature = current;
      while (signature !== undefined && !stopped) {
        await rebuild(signature);
        if (current === signature) return;
        signature = current;
      }
    })()
      .catch((error: unknown) => failed(error, 'page snapshots: a pass failed'))
      .finally(() => {
        rebuilding = undefined;
      });
    return rebuilding;
  }

  /** A signature read and, if it calls for one, a rebuild that the next reads do not wait for. */
  async function tick(): Promise<void> {
    await runPoll();
    if (!stopped && behind()) void runRebuild();
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void tick().then(schedule), pollMs);
    timer.unref();
  }

  return {
    documentFor(pathname) {
      const snapshot = snapshots.get(pathname);
      return snapshot && snapshot.signature === current ? snapshot.html : undefined;
    },
    changed() {
      changes += 1;
      current = undefined;
      if (!stopped) void tick();
    },
    start() {
      stopped = false;
      void tick().then(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([polling, rebuilding]);
    },
    async update() {
      // After whatever is under way, a signature read now and what it calls for.
      await Promise.all([polling, rebuilding]);
      await runPoll();
      if (behind()) await runRebuild();
    },
  };
}
