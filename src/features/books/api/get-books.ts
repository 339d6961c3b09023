import { apiClient } from '@/lib/api-client';
import type { Book, BookListQuery } from '../types';

/** GET /books: the catalogue, optionally filtered, sorted and paged by the server. */
export async function getBooks(query: BookListQuery = {}, signal?: AbortSignal): Promise<Book[]> {
  const books = await apiClient.get<Book[] | undefined>('/books', { query, signal });
  return Array.isArray(books) ? books : [];
}
