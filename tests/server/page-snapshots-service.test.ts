import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDERER_DIR, RENDERER_FILE } from '../../contract/prerendered';
import { catalogueVersion, listBooks } from '../../server/db/repositories/books';
import {
  createPageSnapshots,
  type ApiGet,
  type PageSnapshots,
} from '../../server/services/page-snapshots';
import { createTestDb, type TestDb } from './helpers/build-test-app';
import { counting } from './helpers/counting-db';

// The snapshots' timing (docs/decisions.md D63), with a renderer of a few lines that writes a
// book's name and stock as the page, and whose data reads can be held: a pass under way is seen.
const RENDERER = `
export async function snapshotPaths() {
  return globalThis.snapshotPaths ?? ['/book/' + globalThis.snapshotBookId];
}
export async function gatherSnapshotData(pathname, get) {
  await globalThis.snapshotGate?.(pathname);
  const answer = await get(pathname);
  return answer.body;
}
export async function prerenderScreen(pathname, { data }) {
  globalThis.snapshotRenders = (globalThis.snapshotRenders ?? 0) + 1;
  const markup = '<p>' + data.name + ' ' + data.stock + ' #' + globalThis.snapshotRenders + '</p>';
  return { markup, head: '<title>t</title>' };
}
`;
const SHELL =
  '<!doctype html><html><head><title>LearnTogether</title></head><body><div id="root"></div>\n</body></html>';

type Gates = {
  snapshotBookId?: string;
  snapshotPaths?: string[];
  snapshotGate?: (pathname: string) => Promise<void>;
  snapshotRenders?: number;
};
const gates = globalThis as Gates;

const silent = {
  error: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

describe('page snapshots over time', () => {
  let dir: string;
  let testDb: TestDb;
  /** The "API": a book page's data is the book's stored name and stock. */
  const bookApi: ApiGet = async (apiPath) => {
    const rows = await testDb.db.query<{ name: string; stock: number }>(
      'select name, stock from books where id = $1',
      [apiPath.replace('/book/', '')],
    );
    return { status: 200, body: rows[0] };
  };
  let snapshots: PageSnapshots;
  let bookId: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lt-snapshot-service-'));
    await mkdir(path.join(dir, RENDERER_DIR));
    await writeFile(path.join(dir, RENDERER_DIR, RENDERER_FILE), RENDERER);
    await writeFile(path.join(dir, 'index.html'), SHELL);
    testDb = await createTestDb('catalogue');
    const { items } = await listBooks(testDb.db, { limit: 1 });
    bookId = items[0]!._id;
    gates.snapshotBookId = bookId;
    snapshots = createPageSnapshots({
      db: testDb.db,
      spaDir: dir,
      publicUrl: 'https://shop.example',
      log: silent,
      // Driven by hand (update()): no timer in this test.
      pollMs: 60_000,
      get: bookApi,
    });
  });

  afterAll(async () => {
    await snapshots.stop();
    await testDb.destroy();
    await rm(dir, { recursive: true, force: true });
    delete gates.snapshotBookId;
    delete gates.snapshotGate;
    delete gates.snapshotRenders;
  });

  it('sends none before the first pass, then the page', async () => {
    expect(snapshots.documentFor(`/book/${bookId}`)).toBeUndefined();
    await snapshots.update();
    expect(snapshots.documentFor(`/book/${bookId}`)).toMatch(
      /<div id="root" data-prerendered=""><p>.+ \d+ #1<\/p><\/div>/,
    );
    expect(snapshots.documentFor('/book/another')).toBeUndefined();
  });

  it('never sends a snapshot older than the catalogue it has read: the shell meanwhile', async () => {
    await testDb.db.query('update books set stock = 77 where id = $1', [bookId]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (reached = resolve));
    gates.snapshotGate = () => {
      reached();
      return held;
    };
    const pass = snapshots.update();
    // The pass has read the new signature and is reading the page's data: the old page is stale.
    await reading;
    expect(snapshots.documentFor(`/book/${bookId}`)).toBeUndefined();
    release();
    await pass;
    delete gates.snapshotGate;
    expect(snapshots.documentFor(`/book/${bookId}`)).toContain(' 77 #2</p>');
  });

  it('sends no snapshot after a change of its own until it has read the signature again', async () => {
    await snapshots.update();
    const page = snapshots.documentFor(`/book/${bookId}`);
    expect(page).toBeDefined();
    snapshots.changed();
    expect(snapshots.documentFor(`/book/${bookId}`)).toBeUndefined();
    // The read changed() started: nothing had changed, so the same page is current again.
    await vi.waitFor(() => expect(snapshots.documentFor(`/book/${bookId}`)).toBe(page));
  });

  it("tells the catalogue's cache the version each poll reads", async () => {
    const seen: string[] = [];
    const told = createPageSnapshots({
      db: testDb.db,
      spaDir: dir,
      publicUrl: 'https://shop.example',
      log: silent,
      pollMs: 60_000,
      get: async () => ({ status: 200, body: { name: 'n', stock: 1 } }),
      sawCatalogueVersion: (version) => seen.push(version),
    });
    await told.update();
    // Another book's: this file's page keeps its data.
    await testDb.db.query("update books set name = name || '.' where id <> $1", [bookId]);
    await told.update();
    await told.stop();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(await catalogueVersion(testDb.db));
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('does not render a page again when the change is not its own', async () => {
    const before = snapshots.documentFor(`/book/${bookId}`);
    // Another book's stock: a new signature, the same data for this page.
    await testDb.db.query('update books set stock = stock + 1 where id <> $1', [bookId]);
    await snapshots.update();
    // Still the second render, now current again.
    expect(before).toContain('#2</p>');
    expect(snapshots.documentFor(`/book/${bookId}`)).toBe(before);
  });

  it('stops sending a page changed while a rebuild is under way at the next poll', async () => {
    // Two pages, the second one's render held: the first page is made while the rebuild is
    // still going, then changed.
    const [other] = (await listBooks(testDb.db, { limit: 2 })).items.slice(1);
    const pages = [`/book/${bookId}`, `/book/${other!._id}`];
    const counted = counting(testDb.db);
    const signatureReads = () =>
      counted.statements.filter((sql) => sql.includes('as signature')).length;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    gates.snapshotPaths = pages;
    gates.snapshotGate = (pathname) => (pathname === pages[1] ? held : Promise.resolve());
    const polled = createPageSnapshots({
      db: counted,
      spaDir: dir,
      publicUrl: 'https://shop.example',
      log: silent,
      pollMs: 10,
      get: bookApi,
    });
    try {
      await testDb.db.query('update books set stock = 90 where id = $1', [bookId]);
      polled.start();
      await vi.waitFor(() => expect(polled.documentFor(pages[0]!)).toContain(' 90 #'));
      await testDb.db.query('update books set stock = 91 where id = $1', [bookId]);
      const readsBefore = signatureReads();
      // A poll that started after the change has read it, the second page still held.
      await vi.waitFor(() => expect(signatureReads()).toBeGreaterThan(readsBefore + 1));
      expect(polled.documentFor(pages[0]!)).toBeUndefined();
      release();
      await vi.waitFor(() => expect(polled.documentFor(pages[0]!)).toContain(' 91 #'));
    } finally {
      release();
      await polled.stop();
      delete gates.snapshotPaths;
      delete gates.snapshotGate;
    }
  });

  it('lets the event loop run between pages, also in a pass that renders nothing', async () => {
    // A full check of unchanged pages, whose API answers come without I/O, as inject's over
    // PGlite do: without a turn of the event loop after each page, every request waited for the
    // whole pass (docs/decisions.md D100).
    const pages = ['/book/a', '/book/b', '/book/c', '/book/d'];
    let gathered = 0;
    let gatheredWhenLoopRan: number | undefined;
    gates.snapshotPaths = pages;
    const checked = createPageSnapshots({
      db: testDb.db,
      spaDir: dir,
      publicUrl: 'https://shop.example',
      log: silent,
      pollMs: 60_000,
      fullCheckMs: 0,
      get: async () => {
        gathered += 1;
        return { status: 200, body: { name: 'n', stock: 1 } };
      },
    });
    try {
      await checked.update();
      const rendered = gates.snapshotRenders;
      gathered = 0;
      gates.snapshotGate = (pathname) => {
        if (pathname === pages[0]) setImmediate(() => (gatheredWhenLoopRan = gathered));
        return Promise.resolve();
      };
      await checked.update();
      expect(gathered).toBe(pages.length);
      expect(gates.snapshotRenders).toBe(rendered);
      expect(gatheredWhenLoopRan).toBe(1);
    } finally {
      await checked.stop();
      delete gates.snapshotPaths;
      delete gates.snapshotGate;
    }
  });

  it('a pass cut short by stop() (the server closing) reports no error', async () => {
    const errors: unknown[] = [];
    const log = { ...silent, error: (...args: unknown[]) => errors.push(args) };
    let closed = false;
    let release: (() => void) | undefined;
    gates.snapshotGate = () => new Promise<void>((resolve) => (release = resolve));
    const closing = createPageSnapshots({
      db: testDb.db,
      spaDir: dir,
      publicUrl: 'https://shop.example',
      log: log as unknown as FastifyBaseLogger,
      pollMs: 60_000,
      // As Fastify's inject once close() has begun.
      get: async () => {
        if (closed) throw new Error('Fastify has already been closed and cannot be reopened');
        return { status: 200, body: { name: 'n', stock: 1 } };
      },
    });
    const passing = closing.update();
    await vi.waitFor(() => expect(release).toBeDefined());
    closed = true;
    const stopping = closing.stop();
    release?.();
    await Promise.all([stopping, passing]);
    delete gates.snapshotGate;
    expect(errors).toEqual([]);
    expect(closing.documentFor(`/book/${bookId}`)).toBeUndefined();
  });
});
