import { booksErrorMessage, useGetBooksQuery } from '../api/books-api';
import type { Book, BookListQuery } from '../types';

export type BooksState = {
  books: Book[];
  isLoading: boolean;
  error: string | null;
  retry: () => void;
};

/** Books for a query from the shared cache; a changed query shows loading until its answer lands. */
export function useBooks(query: BookListQuery): BooksState {
  const { currentData, error, isError, refetch } = useGetBooksQuery(query);
  return {
    books: currentData ?? [],
    // `currentData` belongs to this query only: an older query's books never stand in for it.
    isLoading: currentData === undefined && !isError,
    error: isError ? booksErrorMessage(error) : null,
    retry: () => void refetch(),
  };
}
