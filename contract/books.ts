import { z } from 'zod';
import { textSchema } from './text';
import { BOOK_CATEGORIES } from './book-categories';
import {
  BOOK_LIMITS,
  BOOK_MESSAGES,
  BOOK_SORTS,
  DEFAULT_ADMIN_BOOK_PAGE_SIZE,
  DEFAULT_BOOK_PAGE_SIZE,
  MAX_BOOK_PAGE_SIZE,
} from './book-rules';
import { hasWholeCents } from './money';

export {
  BOOK_CATEGORIES,
  BOOK_LIMITS,
  BOOK_MESSAGES,
  BOOK_SORTS,
  DEFAULT_ADMIN_BOOK_PAGE_SIZE,
  DEFAULT_BOOK_PAGE_SIZE,
  MAX_BOOK_PAGE_SIZE,
};

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
  /** Empty for a book added before authors were recorded. */
  author: z.string(),
});

/** GET /books/{id}: the book with its page's details and the copies a shopper can order now. */
export const bookDetailSchema = bookSchema.extend({
  /** Plain text; line breaks are kept. */
  description: z.string(),
  /** Copies on hand, less those held for other shoppers' checkouts. */
  stock: z.number().int().nonnegative(),
});

/** Params of the routes that name one book. */
export const bookParamsSchema = z.object({
  id: textSchema({ error: 'Must be a string' }).min(1, 'Must not be empty').max(64),
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

/** GET /admin/books (admin): a page of the live books, by name or author, A→Z. */
export const adminBookListQuerySchema = z
  .object({
    q: bookListQuerySchema.shape.q,
    page: wholeNumber(1, 1_000_000).optional(),
    limit: wholeNumber(1, MAX_BOOK_PAGE_SIZE).optional(),
  })
  .meta({ examples: [{ q: 'le guin', page: 1, limit: DEFAULT_ADMIN_BOOK_PAGE_SIZE }] });

/** A row of the admin's Books screen: the book with its stored stock and what checkouts hold. */
export const adminBookSchema = bookDetailSchema.extend({
  /** Copies on hand, as stored (held copies included). */
  stock: z.number().int().nonnegative(),
  /** Copies held for checkouts in progress (live reservations). */
  held: z.number().int().nonnegative(),
});

/** GET /admin/books: one page of the matches, and how many there are in all. */
export const adminBookPageSchema = z.object({
  books: z.array(adminBookSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});

export const BOOK_AUDIT_ACTIONS = [
  'book.create',
  'book.update',
  'book.remove',
  'book.refund',
] as const;

/** One admin change to a book (the audit log): who, when, what. */
export const bookHistoryEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.enum(BOOK_AUDIT_ACTIONS),
  /**
   * book.update: `{ field: [before, after] }`; book.create: the fields it was added with. Both
   * name the price `priceCents`, in cents. book.remove: nothing; book.refund (an admin refunded
   * copies of it, back in stock once Stripe confirms): `{ orderNumber, copies, amount }` (dollars).
   */
  changes: z.record(z.string(), z.unknown()),
  /** ISO 8601. */
  createdAt: z.string(),
});

/** GET /admin/books/{id}/history (admin): the book's changes, newest first. */
export const bookHistorySchema = z.array(bookHistoryEntrySchema);

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

const thousands = (value: number) => value.toLocaleString('en-US');
/** No value where a number belongs: a form's empty or unreadable field (undefined or NaN). */
const missingNumber = (input: unknown) => input === undefined || Number.isNaN(input);

/**
 * A book's fields, with the messages the admin reads: the Add Book and Edit book forms check
 * them through these schemas (src/features/add-book/book-form-schema.ts), so the form and the
 * API's 400 say the same thing (docs/decisions.md D73).
 */
export const bookFields = {
  name: textSchema({ error: 'Must be a string' })
    .trim()
    .min(1, 'Enter the name of the book.')
    .max(BOOK_LIMITS.nameMaxLength, `At most ${BOOK_LIMITS.nameMaxLength} characters.`),
  author: textSchema({ error: 'Must be a string' })
    .trim()
    .min(1, 'Enter the author of the book.')
    .max(BOOK_LIMITS.authorMaxLength, `At most ${BOOK_LIMITS.authorMaxLength} characters.`),
  category: z.enum(BOOK_CATEGORIES, { error: 'Choose a category.' }),
  price: z
    .number({
      error: ({ input }) =>
        missingNumber(input) ? 'Enter the price in dollars.' : 'The price must be a number.',
    })
    .min(BOOK_LIMITS.minPrice, `The price must be at least $${BOOK_LIMITS.minPrice}.`)
    .max(BOOK_LIMITS.maxPrice, `The price must be at most $${thousands(BOOK_LIMITS.maxPrice)}.`)
    .refine(hasWholeCents, 'Use at most two decimals (cents).'),
  image: textSchema({ error: 'Must be a string' })
    .trim()
    .max(2048, 'Must be at most 2048 characters')
    .refine(isBookImageUrl, 'Must be an https URL or one of our /api/images URLs'),
  // Plain text: trimmed at the ends, line breaks inside kept.
  description: textSchema({ error: 'Must be a string' })
    .trim()
    .max(
      BOOK_LIMITS.descriptionMaxLength,
      `At most ${thousands(BOOK_LIMITS.descriptionMaxLength)} characters.`,
    ),
  stock: z
    .number({
      error: ({ input }) =>
        missingNumber(input)
          ? 'Enter how many copies are in stock.'
          : 'The stock must be a whole number.',
    })
    .int('The stock must be a whole number.')
    .min(0, 'The stock cannot be below 0.')
    .max(BOOK_LIMITS.maxStock, `The stock must be at most ${thousands(BOOK_LIMITS.maxStock)}.`),
};

const bookExample = {
  name: 'Learning Together',
  author: 'Ada Lovelace',
  category: 'story',
  price: 9.99,
  image: 'https://i.ibb.co/x/cover.png',
  description: 'A short story about a study group.',
  stock: 12,
};

/** POST /book (admin): the spec's fields, plus author, stock and an optional description. */
export const bookCreateBodySchema = z
  .strictObject({ ...bookFields, description: bookFields.description.optional() }, objectBody)
  .meta({ examples: [bookExample] });

/** PATCH /books/{id} (admin): any of the fields, at least one. */
export const bookUpdateBodySchema = z
  .strictObject(
    {
      name: bookFields.name.optional(),
      author: bookFields.author.optional(),
      category: bookFields.category.optional(),
      price: bookFields.price.optional(),
      image: bookFields.image.optional(),
      description: bookFields.description.optional(),
      stock: bookFields.stock.optional(),
    },
    objectBody,
  )
  .refine((body) => Object.keys(body).length > 0, 'Name at least one field to change')
  .meta({ examples: [{ price: 12.5, stock: 40 }] });

/** DELETE /books/{id} (admin): the book left the catalogue. */
export const bookRemovedSchema = z.object({
  acknowledged: z.literal(true),
  removedId: z.string(),
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
export type BookDetail = z.infer<typeof bookDetailSchema>;
export type BookUpdateBody = z.infer<typeof bookUpdateBodySchema>;
export type AdminBookListQuery = z.infer<typeof adminBookListQuerySchema>;
export type AdminBook = z.infer<typeof adminBookSchema>;
export type AdminBookPage = z.infer<typeof adminBookPageSchema>;
export type BookHistoryEntry = z.infer<typeof bookHistoryEntrySchema>;
