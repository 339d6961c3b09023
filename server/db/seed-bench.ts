import { BOOK_CATEGORIES } from '../../contract/books';
import type { Db } from './client';
import { insertBooks } from './repositories/books';
import { seedBooks, type SeedBook } from './seed-books';

// Word lists for the benchmark catalogue: names that a search for a common word or a short
// fragment matches by the hundreds, as in a real shop, not by one.
const OPENINGS = ['The', 'A Guide to', 'Notes on', 'Beyond', 'Inside', 'Learning', 'Tales of'];
const SUBJECTS = [
  'TypeScript',
  'Distant Stars',
  'Quiet Rivers',
  'Compilers',
  'Glass Orbits',
  'Old Lighthouses',
  'Databases',
  'Robot Gardens',
  'Functional Design',
  'Winter Roads',
  'Networks',
  'Lost Colonies',
];

/**
 * `count` distinct books for the benchmarks (never the shop's seed): deterministic, so runs
 * compare, with every category, price and cover of the real seed in use.
 */
export function benchBooks(count: number): SeedBook[] {
  const books: SeedBook[] = [];
  for (let i = 0; i < count; i += 1) {
    const opening = OPENINGS[i % OPENINGS.length];
    const subject = SUBJECTS[Math.floor(i / OPENINGS.length) % SUBJECTS.length];
    const cover = seedBooks[i % seedBooks.length];
    const category = BOOK_CATEGORIES[i % BOOK_CATEGORIES.length];
    if (!opening || !subject || !cover || !category) throw new Error('empty word list');
    books.push({
      // The volume number keeps names unique (books.name is).
      name: `${opening} ${subject}, Volume ${i + 1}`,
      // 1.00 to 100.00 dollars, spread by a prime stride so sorting by price is real work.
      priceCents: 100 + ((i * 7919) % 9901),
      image: cover.image,
      category,
      author: cover.author,
      description: cover.description,
      stock: 1000,
    });
  }
  return books;
}

/** Inserts `benchBooks(count)` into an empty catalogue, in batches. */
export async function seedBenchCatalogue(db: Db, count: number): Promise<void> {
  const books = benchBooks(count);
  const batch = 2000;
  await db.transaction(async (tx) => {
    for (let start = 0; start < books.length; start += batch) {
      await insertBooks(tx, books.slice(start, start + batch));
    }
  });
}
