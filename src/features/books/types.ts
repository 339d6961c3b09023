// Types only: the contract module is zod-based and must not end up in the web bundle.
export type {
  Book,
  BookCategory,
  BookDetail,
  BookListQuery,
  BookPage,
  BookSort,
} from '@contract/books';
