import type { Db } from './client';
import { seedBooks } from './seed-books';

/**
 * Fills an empty catalogue with the starting books. Does nothing once the shop has any book,
 * so books an admin deleted do not come back; `on conflict` covers processes seeding at once.
 * Returns how many books were inserted.
 */
export async function seedCatalogue(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [state] = await tx.query<{ empty: boolean }>(
      'select not exists (select 1 from books) as empty',
    );
    if (!state?.empty) return 0;

    const inserted = await tx.query<{ id: string }>(
      `insert into books (name, price_cents, image, category)
       select * from unnest($1::text[], $2::integer[], $3::text[], $4::text[])
       on conflict do nothing
       returning id`,
      [
        seedBooks.map((book) => book.name),
        seedBooks.map((book) => book.priceCents),
        seedBooks.map((book) => book.image),
        seedBooks.map((book) => book.category),
      ],
    );
    return inserted.length;
  });
}
