// Zod-free, so the web app (and its msw handlers) may import the list as a value.
export const BOOK_CATEGORIES = ['programming', 'story', 'science fiction'] as const;

export type BookCategory = (typeof BOOK_CATEGORIES)[number];
