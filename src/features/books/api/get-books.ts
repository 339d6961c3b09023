import { apiClient } from '@/lib/api-client';
import type { Book, BookCategory, BookSort } from '../types';

export type BookQuery = {
  category?: BookCategory;
  q?: string;
  sort?: BookSort;
  page?: number;
  limit?: number;
};

/** GET /books: the catalogue, optionally filtered, sorted and paged by the server. */
export async function getBooks(query: BookQuery = {}, signal?: AbortSignal): Promise<Book[]> {
  const books = await apiClient.get<Book[] | undefined>('/books', { query, signal });
  return Array.isArray(books) ? books : [];
}
