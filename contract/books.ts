import { z } from 'zod';
import { textSchema } from './text';
import { BOOK_CATEGORIES } from './book-categories';

export { BOOK_CATEGORIES };
export const BOOK_SORTS = ['price-asc', 'price-desc', 'name-asc', 'name-desc'] as const;

/** Page size the server uses when `page` is given without `limit`. */
export const DEFAULT_BOOK_PAGE_SIZE = 12;
export const MAX_BOOK_PAGE_SIZE = 100;

export const bookCategorySchema = z.enum(BOOK_CATEGORIES);
export const bookSortSchema = z.enum(BOOK_SORTS);

export const bookSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Dollars with at most two decimals (stored as integer cents). */
  price: z.number().nonnegative(),
  /** An absolute URL or a path served by the app. */
  image: z.string(),
  category: bookCategorySchema,
});

export const bookListSchema = z.array(bookSchema);

function wholeNumber(min: number, max: number) {
  return z.coerce
    .number({ error: 'Expected a whole number' })
    .int('Expected a whole number')
    .min(min, `Must be at least ${min}`)
    .max(max, `Must be at most ${max}`);
}

// Query strings arrive as strings, so numbers are coerced.
export const bookListQuerySchema = z.object({
  q: textSchema()
    .trim()
    .min(1, 'Search text must not be empty')
    .max(100, 'Search text must be at most 100 characters')
    .optional(),
  category: bookCategorySchema.optional(),
  sort: bookSortSchema.optional(),
  page: wholeNumber(1, 1_000_000).optional(),
  limit: wholeNumber(1, MAX_BOOK_PAGE_SIZE).optional(),
});

export type BookCategory = z.infer<typeof bookCategorySchema>;
export type BookSort = z.infer<typeof bookSortSchema>;
export type Book = z.infer<typeof bookSchema>;
export type BookListQuery = z.infer<typeof bookListQuerySchema>;
