// Zod-free, so the web app may import these as values (its forms and the catalogue's controls).

/** `name` is A→Z; the price sorts go both ways. */
export const BOOK_SORTS = ['name', 'price-asc', 'price-desc'] as const;

/** Page size the server uses when `page` is given without `limit`. */
export const DEFAULT_BOOK_PAGE_SIZE = 12;
export const MAX_BOOK_PAGE_SIZE = 48;
/** Rows per page of the admin's Books screen (GET /admin/books without `limit`). */
export const DEFAULT_ADMIN_BOOK_PAGE_SIZE = 20;

/** What POST /book and PATCH /books/{id} accept. */
export const BOOK_LIMITS = {
  nameMaxLength: 120,
  minPrice: 0.01,
  maxPrice: 10_000,
  authorMaxLength: 120,
  descriptionMaxLength: 2000,
  maxStock: 100_000,
} as const;

/** At or below this many copies, a book's page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

/** What a book's stock is for a shopper: "In stock", "Only N left" or "Sold out". */
export type StockState =
  { kind: 'in-stock' } | { kind: 'low'; left: number } | { kind: 'sold-out' };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: 'sold-out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: 'low', left: stock };
  return { kind: 'in-stock' };
}

/** The words of a stock state (the book page, and the 409 of a cart call that asks for more). */
export function stockLabel(stock: number): string {
  const state = stockState(stock);
  switch (state.kind) {
    case 'sold-out':
      return 'Sold out';
    case 'low':
      return `Only ${state.left} left`;
    case 'in-stock':
      return 'In stock';
  }
}

/** The 409 a cart or checkout call answers when it asks for more copies than there are. */
export function notEnoughStockMessage(available: number): string {
  return available <= 0 ? 'Sold out' : `Only ${available} left`;
}

export const BOOK_MESSAGES = {
  notFound: 'No such book.',
} as const;
