import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { getBooks } from '../api/get-books';
import type { Book, BookListQuery } from '../types';

type Result = { key: string; books: Book[]; error: string | null };

export type BooksState = {
  books: Book[];
  isLoading: boolean;
  error: string | null;
  retry: () => void;
};

function toMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Could not load the books.';
}

/** Loads books for a query; a changed query or retry() refetches and aborts the previous request. */
export function useBooks(query: BookListQuery): BooksState {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const queryKey = JSON.stringify(query);
  const key = `${queryKey}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    getBooks(JSON.parse(queryKey) as BookListQuery, controller.signal)
      .then((books) => setResult({ key, books, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ key, books: [], error: toMessage(error) });
      });
    return () => controller.abort();
  }, [key, queryKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // Loading is derived: the stored result belongs to an older query until the new one lands.
  const current = result?.key === key ? result : null;
  return {
    books: current?.books ?? [],
    isLoading: current === null,
    error: current?.error ?? null,
    retry,
  };
}
