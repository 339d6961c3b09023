import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import { booksErrorMessage } from '../api/books-error';
import type { Book } from '../types';
import type { BooksState } from './use-books';

type Loaded = { books: Book[] | null; error: string | null };

/**
 * The home's first books: one GET /books?limit=n per visit through the api-client. No other
 * screen shares this list, so it stays out of the RTK Query cache, and the home page, the most
 * visited first screen, does not load RTK Query (docs/architecture.md §5: shared server state goes there).
 */
export function useFeaturedBooks(limit: number): BooksState {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ books: null, error: null });

  useEffect(() => {
    const controller = new AbortController();
    apiClient.get<unknown>('/books', { query: { limit }, signal: controller.signal }).then(
      (body) => setLoaded({ books: Array.isArray(body) ? (body as Book[]) : [], error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ books: null, error: booksErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [limit, attempt]);

  return {
    books: loaded.books ?? [],
    isLoading: loaded.books === null && loaded.error === null,
    error: loaded.error,
    retry: () => {
      setLoaded({ books: null, error: null });
      setAttempt((count) => count + 1);
    },
  };
}
