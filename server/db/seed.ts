import type { Db } from './client';
import { insertBooks } from './repositories/books';
import { seedBooks } from './seed-books';
import { seedCourses } from './seed-course-catalogue';

/**
 * Fills an empty catalogue with the starting books. Once the shop has any book it only gives the
 * seeded books that predate authors (migration 007) their author, description and stock; books an
 * admin deleted do not come back. `on conflict` covers processes seeding at once.
 * Returns how many books were inserted. The seed courses are added first (seedCourses).
 */
export async function seedCatalogue(db: Db): Promise<number> {
  await db.transaction(seedCourses);
  return db.transaction(async (tx) => {
    const [state] = await tx.query<{ empty: boolean }>(
      'select not exists (select 1 from books) as empty',
    );
    if (state?.empty) return insertBooks(tx, seedBooks);
    await tx.query(
      `update books b set author = s.author, description = s.description, stock = s.stock
       from unnest($1::text[], $2::text[], $3::text[], $4::integer[])
         as s(name, author, description, stock)
       where b.name = s.name and b.author = ''`,
      [
        seedBooks.map((book) => book.name),
        seedBooks.map((book) => book.author),
        seedBooks.map((book) => book.description),
        seedBooks.map((book) => book.stock),
      ],
    );
    return 0;
  });
}
