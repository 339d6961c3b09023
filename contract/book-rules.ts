// Zod-free, so the web app may import these as values (its forms and the catalogue's controls).

/** `name` is A→Z; the price sorts go both ways. */
export const BOOK_SORTS = ['name', 'price-asc', 'price-desc'] as const;

/** Page size the server uses when `page` is given without `limit`. */
export const DEFAULT_BOOK_PAGE_SIZE = 12;
export const MAX_BOOK_PAGE_SIZE = 48;

/** What POST /book accepts. */
export const BOOK_LIMITS = { nameMaxLength: 120, minPrice: 0.01, maxPrice: 10_000 } as const;
