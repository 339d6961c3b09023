import { BOOK_CATEGORIES } from '@contract/book-categories';
import { BOOK_SORTS } from '@contract/book-rules';
import type { BookCategory, BookSort } from './types';

/** The catalogue's state, as the address `/book?q=&category=&sort=&page=` holds it. */
export type CatalogueParams = {
  q: string;
  category: BookCategory | null;
  sort: BookSort;
  page: number;
};

export const DEFAULT_SORT: BookSort = 'name';
/** What the server accepts as search text. */
export const SEARCH_MAX_LENGTH = 100;

const isCategory = (value: string | null): value is BookCategory =>
  (BOOK_CATEGORIES as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is BookSort =>
  (BOOK_SORTS as readonly (string | null)[]).includes(value);

/** Reads the address; anything the server would refuse falls back to its default. */
export function parseCatalogueParams(search: URLSearchParams): CatalogueParams {
  const category = search.get('category');
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    category: isCategory(category) ? category : null,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address of a state; defaults are left out, so the plain `/book` is the first page. */
export function catalogueSearch({ q, category, sort, page }: CatalogueParams): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (category) search.set('category', category);
  if (sort !== DEFAULT_SORT) search.set('sort', sort);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}
