// Types only: the contract module is zod-based and must not end up in the web bundle.
export type { Book, BookCategory, BookListQuery, BookSort } from '@contract/books';
