import { z } from 'zod';
import { textSchema } from './text';
import { BOOK_CATEGORIES } from './book-categories';
import { BOOK_LIMITS, BOOK_SORTS, DEFAULT_BOOK_PAGE_SIZE, MAX_BOOK_PAGE_SIZE } from './book-rules';
import { hasWholeCents } from './money';

export { BOOK_CATEGORIES, BOOK_LIMITS, BOOK_SORTS, DEFAULT_BOOK_PAGE_SIZE, MAX_BOOK_PAGE_SIZE };

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

/** GET /books with `page`: one page of the matches, and how many there are in all. */
export const bookPageSchema = z.object({
  books: bookListSchema,
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});

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

// Only the "not an object" case is reworded; unknown keys keep zod's `Unrecognized key: "x"`.
const objectBody = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'Request body must be a JSON object' : undefined,
};

/** An image the shop may show: https (imgbb) or one of our own uploads (`/api/images/{id}`). */
export function isBookImageUrl(value: string): boolean {
  if (/^\/api\/images\/[A-Za-z0-9-]{1,64}$/.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** POST /book (admin). */
export const bookCreateBodySchema = z
  .strictObject(
    {
      name: textSchema({ error: 'Must be a string' })
        .trim()
        .min(1, 'Must not be empty')
        .max(BOOK_LIMITS.nameMaxLength, `Must be at most ${BOOK_LIMITS.nameMaxLength} characters`),
      category: bookCategorySchema,
      price: z
        .number({ error: 'Must be a number' })
        .min(BOOK_LIMITS.minPrice, `Must be at least ${BOOK_LIMITS.minPrice}`)
        .max(BOOK_LIMITS.maxPrice, `Must be at most ${BOOK_LIMITS.maxPrice}`)
        .refine(hasWholeCents, 'Must have at most two decimals'),
      image: textSchema({ error: 'Must be a string' })
        .trim()
        .max(2048, 'Must be at most 2048 characters')
        .refine(isBookImageUrl, 'Must be an https URL or one of our /api/images URLs'),
    },
    objectBody,
  )
  .meta({
    examples: [
      {
        name: 'Learning Together',
        category: 'story',
        price: 9.99,
        image: 'https://i.ibb.co/x/cover.png',
      },
    ],
  });

export const bookCreatedSchema = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
});

export type BookCategory = z.infer<typeof bookCategorySchema>;
export type BookSort = z.infer<typeof bookSortSchema>;
export type Book = z.infer<typeof bookSchema>;
export type BookListQuery = z.infer<typeof bookListQuerySchema>;
export type BookPage = z.infer<typeof bookPageSchema>;
export type BookCreateBody = z.infer<typeof bookCreateBodySchema>;
export type BookCreated = z.infer<typeof bookCreatedSchema>;
