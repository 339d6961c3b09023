// Both databases: the client, migrations, schema rules and the data directory lock.
// (scripts/test.ts runs this file on PGlite and PostgreSQL.)
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, DataDirInUseError, lockDataDir, type Db } from '../../server/db/client';
import { MIGRATIONS_DIR, migrate } from '../../server/db/migrate';
import { centsToDollars } from '../../contract/money';
import {
  catalogueVersion,
  createBook,
  escapeLike,
  listBooks,
} from '../../server/db/repositories/books';
import { benchBooks } from '../../server/db/seed-bench';
import { subscribe } from '../../server/db/repositories/newsletter';
import { seedCatalogue } from '../../server/db/seed';
import { seedBooks } from '../../server/db/seed-books';
import {
  createTestDb,
  pgliteTemplateDump,
  TEST_DATABASE_URL,
  type TestDb,
} from './helpers/build-test-app';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function freshDb(): Promise<Db> {
  const testDb = await createTestDb();
  cleanups.push(testDb.destroy);
  return testDb.db;
}

async function tempMigrations(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lt-migrations-'));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
    table,
  ]);
  return row?.found === true;
}

describe('migrate', () => {
  it('applies every migration once and is a no-op the second time', async () => {
    const db = await freshDb();
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    expect(files[0]).toBe('001_init.sql');

    expect(await migrate(db)).toEqual(files);
    expect(await migrate(db)).toEqual([]);

    const rows = await db.query<{ name: string }>(
      'select name from schema_migrations order by name',
    );
    expect(rows.map((r) => r.name)).toEqual(files);
    expect(await tableExists(db, 'books')).toBe(true);
    expect(await tableExists(db, 'newsletter_subscribers')).toBe(true);
    for (const table of ['users', 'cart_lines', 'orders']) {
      expect(await tableExists(db, table)).toBe(true);
    }
  });

  it('lets concurrent runs wait for each other instead of failing', async () => {
    const db = await freshDb();
    const results = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    const applied = results.flat();
    expect(applied.filter((name) => name === '001_init.sql')).toHaveLength(1);
  });

  it('runs files in name order and ignores other files', async () => {
    const db = await freshDb();
    const dir = await tempMigrations({
      '002_add_column.sql': 'alter table widgets add column size integer;',
      '001_create.sql':
        'create table widgets (id integer primary key);\ncreate index on widgets (id);',
      'README.md': 'not a migration',
    });
    expect(await migrate(db, dir)).toEqual(['001_create.sql', '002_add_column.sql']);
    await db.query('insert into widgets (id, size) values ($1, $2)', [1, 2]);
  });

  /**
   * The audit rows `values` (SQL) written on a database migrated up to before `version`, as the
   * migrations from `version` on leave them.
   */
  async function auditRowsAfter(version: string, values: string): Promise<unknown[]> {
    const db = await freshDb();
    const all = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const before = all.filter((f) => f < version);
    const dir = await tempMigrations(
      Object.fromEntries(
        await Promise.all(
          before.map(async (f) => [f, await readFile(path.join(MIGRATIONS_DIR, f), 'utf8')]),
        ),
      ),
    );
    await migrate(db, dir);
    await db.query(
      `insert into audit_log (actor_email, action, subject_id, changes) values ${values}`,
    );
    expect(await migrate(db)).toEqual(all.filter((f) => f >= version));
    const rows = await db.query<{ changes: unknown }>('select changes from audit_log order by id');
    return rows.map((row) => row.changes);
  }

  it("024 rewrites a book edit's price in dollars as `priceCents` in cents (D74)", async () => {
    expect(
      await auditRowsAfter(
        '024',
        `('a@example.com', 'book.update', 'b-1', '{"price": [19.99, 24.5], "stock": [4, 40]}'),
         ('a@example.com', 'book.update', 'b-1', '{"name": ["A", "B"]}'),
         ('a@example.com', 'book.create', 'b-1', '{"priceCents": 1999, "stock": 4}'),
         ('a@example.com', 'refund', 'p-1', '{"price": [1, 2]}')`,
      ),
    ).toEqual([
      { priceCents: [1999, 2450], stock: [4, 40] },
      { name: ['A', 'B'] },
      { priceCents: 1999, stock: 4 },
      { price: [1, 2] },
    ]);
  });

  it("025 rewrites a course's audited price in dollars as `priceCents` in cents (D79)", async () => {
    expect(
      await auditRowsAfter(
        '025',
        `('a@example.com', 'course.update', 'course:c-1', '{"price": [29.5, 31], "name": ["A", "B"]}'),
         ('a@example.com', 'course.update', 'course:c-1', '{"lessons": {"added": 1}}'),
         ('a@example.com', 'course.create', 'course:c-1', '{"name": "A", "price": 19.99, "lessons": 2}'),
         ('a@example.com', 'book.create', 'b-1', '{"priceCents": 1999}')`,
      ),
    ).toEqual([
      { priceCents: [2950, 3100], name: ['A', 'B'] },
      { lessons: { added: 1 } },
      { name: 'A', priceCents: 1999, lessons: 2 },
      { priceCents: 1999 },
    ]);
  });

  it('rolls the whole run back when a file fails', async () => {
    const db = await freshDb();
    const dir = await tempMigrations({
      '001_ok.sql': 'create table gadgets (id integer);',
      '002_broken.sql': 'create tabel oops;',
    });
    await expect(migrate(db, dir)).rejects.toThrow(/Migration 002_broken\.sql failed/);
    expect(await tableExists(db, 'gadgets')).toBe(false);
    expect(await tableExists(db, 'schema_migrations')).toBe(false);
  });
});

describe('schema rules', () => {
  let testDb: TestDb;
  let db: Db;
  beforeAll(async () => {
    testDb = await createTestDb();
    db = testDb.db;
    await migrate(db);
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  const insertBook = (name: string, cents: number, category: string) =>
    db.query('insert into books (name, price_cents, image, category) values ($1, $2, $3, $4)', [
      name,
      cents,
      '/img.jpg',
      category,
    ]);

  it('keeps prices positive and at most $10,000', async () => {
    await expect(insertBook('Free', 0, 'story')).rejects.toThrow();
    await expect(insertBook('Too dear', 1_000_001, 'story')).rejects.toThrow();
    await insertBook('Dear but fine', 1_000_000, 'story');
  });

  it('allows only the three categories and unique names', async () => {
    await expect(insertBook('Poems', 500, 'poetry')).rejects.toThrow();
    await insertBook('Unique', 500, 'programming');
    await expect(insertBook('Unique', 700, 'story')).rejects.toThrow();
  });

  it('keeps one subscriber per address, whatever the case', async () => {
    await db.query('insert into newsletter_subscribers (email) values ($1)', ['a@b.co']);
    await expect(
      db.query('insert into newsletter_subscribers (email) values ($1)', ['A@B.CO']),
    ).rejects.toThrow();
  });

  it('keeps user addresses lower-case and unique, and roles to user or admin', async () => {
    await db.query('insert into users (email) values ($1)', ['member@b.co']);
    await expect(
      db.query('insert into users (email) values ($1)', ['member@b.co']),
    ).rejects.toThrow();
    await expect(
      db.query('insert into users (email) values ($1)', ['Upper@b.co']),
    ).rejects.toThrow();
    await expect(
      db.query('insert into users (email) values ($1)', [' pad@b.co']),
    ).rejects.toThrow();
    await expect(
      db.query('insert into users (email, role) values ($1, $2)', ['boss@b.co', 'owner']),
    ).rejects.toThrow();
    const [row] = await db.query<{ role: string; name: string; sign_up_date: Date | null }>(
      'select role, name, sign_up_date from users where email = $1',
      ['member@b.co'],
    );
    expect(row).toEqual({ role: 'user', name: '', sign_up_date: null });
  });

  it('limits cart quantities to 1-99 and removes a user’s cart and orders with them', async () => {
    await db.query('insert into users (email) values ($1)', ['buyer@b.co']);
    const line = (quantity: number) =>
      db.query(
        `insert into cart_lines (user_email, name, price_cents, quantity) values ($1, 'X', 100, $2)`,
        ['buyer@b.co', quantity],
      );
    await expect(line(0)).rejects.toThrow();
    await expect(line(100)).rejects.toThrow();
    await line(99);
    await db.query(
      `insert into orders (user_email, name, quantity, price_cents) values ($1, 'X', 1, 100)`,
      ['buyer@b.co'],
    );
    await expect(
      db.query(
        `insert into cart_lines (user_email, name, price_cents, quantity) values ($1, 'X', 100, 1)`,
        ['nobody@b.co'],
      ),
    ).rejects.toThrow();

    await db.query('delete from users where email = $1', ['buyer@b.co']);
    const left = await db.query(
      `select 1 from cart_lines where user_email = $1 union all select 1 from orders where user_email = $1`,
      ['buyer@b.co'],
    );
    expect(left).toEqual([]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into newsletter_subscribers (email) values ($1)', ['tx@b.co']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await db.query('select 1 from newsletter_subscribers where email = $1', [
      'tx@b.co',
    ]);
    expect(rows).toEqual([]);
  });
});

describe('seedCatalogue', () => {
  it('fills an empty catalogue once', async () => {
    const db = await freshDb();
    await migrate(db);
    expect(await seedCatalogue(db)).toBe(seedBooks.length);
    expect(await seedCatalogue(db)).toBe(0);
    const [row] = await db.query<{ n: number }>('select count(*)::integer as n from books');
    expect(row?.n).toBe(seedBooks.length);
  });

  it('does not bring back books once the catalogue has any', async () => {
    const db = await freshDb();
    await migrate(db);
    await seedCatalogue(db);
    const keep = seedBooks[0]?.name;
    await db.query('delete from books where name <> $1', [keep]);
    expect(await seedCatalogue(db)).toBe(0);
    const rows = await db.query<{ name: string }>('select name from books');
    expect(rows).toEqual([{ name: keep }]);
  });

  it('is safe when two seeds race', async () => {
    const db = await freshDb();
    await migrate(db);
    const inserted = await Promise.all([seedCatalogue(db), seedCatalogue(db)]);
    expect(inserted.reduce((sum, n) => sum + n, 0)).toBe(seedBooks.length);
  });
});

describe('repositories', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('c:\\x')).toBe('c:\\\\x');
    expect(escapeLike('plain')).toBe('plain');
  });

  it('converts cents to two-decimal dollars', () => {
    expect(centsToDollars(1299)).toBe(12.99);
    expect(centsToDollars(1000)).toBe(10);
    expect(centsToDollars(5)).toBe(0.05);
    expect(centsToDollars(1_000_000)).toBe(10000);
  });

  it('lists an empty catalogue', async () => {
    const db = await freshDb();
    await migrate(db);
    expect(await listBooks(db)).toEqual({ items: [], total: 0 });
    expect(await listBooks(db, { page: 3, limit: 5 })).toEqual({ items: [], total: 0 });
  });

  it('adds a book once per name, and bumps the catalogue version on each write', async () => {
    const db = await freshDb();
    await migrate(db);
    const v0 = await catalogueVersion(db);
    const book = {
      name: 'Once',
      author: 'A. Writer',
      description: '',
      priceCents: 1999,
      image: '/api/images/a1',
      category: 'story',
      stock: 3,
    } as const;
    const created = await createBook(db, book);
    expect(created?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await createBook(db, { ...book, priceCents: 5 })).toBeNull();
    const v1 = await catalogueVersion(db);
    expect(BigInt(v1)).toBeGreaterThan(BigInt(v0));
    expect(await listBooks(db)).toEqual({
      items: [
        {
          _id: created?.id,
          name: 'Once',
          priceCents: 1999,
          image: '/api/images/a1',
          category: 'story',
          author: 'A. Writer',
        },
      ],
      total: 1,
    });
    // A sale changes only the stock: the catalogue's cached answers stay valid.
    await db.query('update books set stock = stock - 1');
    expect(await catalogueVersion(db)).toBe(v1);
    await db.query('delete from books');
    expect(BigInt(await catalogueVersion(db))).toBeGreaterThan(BigInt(v1));
  });

  it('makes distinct bench books', () => {
    const books = benchBooks(10_000);
    expect(new Set(books.map((book) => book.name)).size).toBe(10_000);
    expect(books.every((book) => book.priceCents >= 100 && book.priceCents <= 1_000_000)).toBe(
      true,
    );
  });

  it('subscribes once per address', async () => {
    const db = await freshDb();
    await migrate(db);
    expect(await subscribe(db, 'me@example.com')).toBe('created');
    expect(await subscribe(db, ' ME@example.com')).toBe('exists');
    const rows = await db.query('select email from newsletter_subscribers');
    expect(rows).toEqual([{ email: 'me@example.com' }]);
  });
});

/**
 * PGlite's own, whatever the suite's database: with PostgreSQL configured, `npm test` runs this
 * file on PGlite as well (scripts/test.ts), and these there only, rather than twice the same.
 */
const pgliteOnly = describe.runIf(TEST_DATABASE_URL === undefined);

pgliteOnly("PGlite in the server's thread", () => {
  it('starts a new WAL segment without filling it with zeros, and writes on into it (D50)', async () => {
    // The fill held the server's only thread (200-350 ms in memory) once every 16 MB of WAL.
    const db = await createPgliteDb(undefined, { template: await pgliteTemplateDump() });
    cleanups.push(() => db.close());
    expect(await db.query('show wal_init_zero')).toEqual([{ wal_init_zero: 'off' }]);
    await db.exec('create table notes (n integer)');
    await db.query('select pg_switch_wal()');
    await db.exec('insert into notes select generate_series(1, 1000)');
    expect(await db.query('select count(*)::int as n from notes')).toEqual([{ n: 1000 }]);
  });
});

pgliteOnly('a PGlite data directory', () => {
  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'lt-pglite-lock-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('is opened by one process at a time: a second server refuses, naming the holder', async () => {
    const dir = await tempDir();
    const first = await createPgliteDb(dir);
    await expect(
      lockDataDir(dir).then(async (unlock) => {
        await unlock();
        return 'locked';
      }),
    ).resolves.toBe('locked'); // this same process may: the holder is itself
    // Another live process holds it: pretend to be someone else by writing its pid.
    await writeFile(path.join(dir, 'learntogether.lock'), String(process.ppid));
    await expect(createPgliteDb(dir)).rejects.toThrow(DataDirInUseError);
    await expect(createPgliteDb(dir)).rejects.toThrow(
      `is in use by another process (pid ${process.ppid})`,
    );
    await first.close();
    // Three PGlite opens: over the 30 s default when the machine is loaded (seen in CI).
  }, 90_000);

  it('takes over the lock of a killed process, and frees it on close', async () => {
    const dir = await tempDir();
    // A pid that is not running: what a `kill -9` leaves behind.
    await writeFile(path.join(dir, 'learntogether.lock'), '2147483646');
    const db = await createPgliteDb(dir);
    expect((await readdir(dir)).includes('learntogether.lock')).toBe(true);
    await db.close();
    expect((await readdir(dir)).includes('learntogether.lock')).toBe(false);
    const again = await createPgliteDb(dir);
    await again.close();
    // A new data directory on disk (PGlite's initdb, 5 s on a quiet machine) and a reopen: over
    // the 30 s default beside the other suites in CI.
  }, 90_000);
});
