// Both databases: concurrent identical queries read the database once.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookListSchema, bookPageSchema } from '../../contract/books';
import type { Queryable } from '../../server/db/client';
import { catalogueVersion } from '../../server/db/repositories/books';
import { createCatalogue } from '../../server/services/catalogue';
import { createTestDb, type TestDb } from './helpers/build-test-app';
import { counting } from './helpers/counting-db';

const insertBook = (db: Queryable, name: string) =>
  db.query(
    "insert into books (name, price_cents, image, category) values ($1, 1234, '/x.svg', 'story')",
    [name],
  );

const namesOf = (json: Buffer) =>
  bookListSchema.parse(JSON.parse(json.toString('utf8'))).map((book) => book.name);

describe('the catalogue cache', () => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await createTestDb('catalogue');
  });
  afterEach(async () => {
    await testDb.destroy();
  });

  it('reads the database once for repeated and concurrent identical queries', async () => {
    const db = counting(testDb.db);
    const catalogue = createCatalogue(db, { recheckMs: 60_000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => catalogue.answer({ page: 1 })),
    );
    const again = await catalogue.answer({ page: 1, limit: 12 });
    // One version read, then the rows and the count of one build.
    expect(db.statements).toHaveLength(3);
    expect(new Set([...answers, again]).size).toBe(1);
    const page = bookPageSchema.parse(JSON.parse(again.json.toString('utf8')));
    expect(page).toMatchObject({ total: 27, page: 1, limit: 12 });
    expect(page.books).toHaveLength(12);
  });

  it('keeps answering from memory until invalidated, then shows the change', async () => {
    const catalogue = createCatalogue(testDb.db, { recheckMs: 60_000 });
    const before = await catalogue.answer({ q: 'Cached Only' });
    await insertBook(testDb.db, 'Cached Only');
    expect(namesOf((await catalogue.answer({ q: 'Cached Only' })).json)).toEqual([]);
    catalogue.invalidate();
    const after = await catalogue.answer({ q: 'Cached Only' });
    expect(namesOf(after.json)).toEqual(['Cached Only']);
    expect(after.etag).not.toBe(before.etag);
    expect(after.version).not.toBe(before.version);
  });

  it('sees every write to books through the version (another process writing)', async () => {
    const catalogue = createCatalogue(testDb.db, { recheckMs: 0 });
    const first = await catalogue.answer({});
    await insertBook(testDb.db, 'From Elsewhere');
    const added = await catalogue.answer({});
    expect(namesOf(added.json)).toContain('From Elsewhere');
    await testDb.db.query("update books set price_cents = 999 where name = 'From Elsewhere'");
    const updated = await catalogue.answer({});
    await testDb.db.query("delete from books where name = 'From Elsewhere'");
    const removed = await catalogue.answer({});
    expect(new Set([first.version, added.version, updated.version, removed.version]).size).toBe(4);
    expect(removed.json.equals(first.json)).toBe(true);
  });

  it('forgets answers at once when told of another version (the page snapshots read one)', async () => {
    const catalogue = createCatalogue(testDb.db, { recheckMs: 60_000 });
    const before = await catalogue.answer({});
    await insertBook(testDb.db, 'Written Elsewhere');
    // Another process's write: the version is trusted for a minute, so this one cannot know yet.
    expect(namesOf((await catalogue.answer({})).json)).not.toContain('Written Elsewhere');
    catalogue.sawVersion(before.version);
    expect(catalogue.ready({})).toBe(before);
    catalogue.sawVersion(await catalogueVersion(testDb.db));
    expect(catalogue.ready({})).toBeUndefined();
    expect(namesOf((await catalogue.answer({})).json)).toContain('Written Elsewhere');
  });

  it('keeps at most maxAnswers answers, dropping the least recently used', async () => {
    const db = counting(testDb.db);
    const catalogue = createCatalogue(db, { recheckMs: 60_000, maxAnswers: 2 });
    await catalogue.answer({ page: 1 });
    await catalogue.answer({ page: 2 });
    await catalogue.answer({ page: 1 }); // now page 2 is the oldest
    await catalogue.answer({ page: 3 });
    const read = db.statements.length;
    await catalogue.answer({ page: 1 });
    await catalogue.answer({ page: 3 });
    expect(db.statements).toHaveLength(read);
    await catalogue.answer({ page: 2 });
    expect(db.statements).toHaveLength(read + 2);
  });

  it('hands over an answer at once only while it is in memory and its version is trusted', async () => {
    const catalogue = createCatalogue(testDb.db, { recheckMs: 60_000, maxAnswers: 2 });
    expect(catalogue.ready({ page: 1 })).toBeUndefined();
    const built = await catalogue.answer({ page: 1 });
    expect(catalogue.ready({ page: 1 })).toBe(built);
    // The same query by another spelling shares the answer; another query has none yet.
    expect(catalogue.ready({ page: 1, limit: 12 })).toBe(built);
    expect(catalogue.ready({ page: 2 })).toBeUndefined();
    // Read through ready(), page 1 is the most recently used: page 2 goes first.
    await catalogue.answer({ page: 2 });
    catalogue.ready({ page: 1 });
    await catalogue.answer({ page: 3 });
    expect(catalogue.ready({ page: 1 })).toBe(built);
    expect(catalogue.ready({ page: 2 })).toBeUndefined();
    catalogue.invalidate();
    expect(catalogue.ready({ page: 1 })).toBeUndefined();

    // A version older than recheckMs is not trusted without reading it again.
    const rechecking = createCatalogue(testDb.db, { recheckMs: 0 });
    await rechecking.answer({ page: 1 });
    expect(rechecking.ready({ page: 1 })).toBeUndefined();
  });

  it('gzips only when it makes the answer smaller', async () => {
    const catalogue = createCatalogue(testDb.db);
    expect((await catalogue.answer({})).gzip).not.toBeNull();
    expect((await catalogue.answer({ q: 'no such book at all' })).gzip).toBeNull();
  });
});
