import { BOOK_CATEGORIES } from '@contract/book-categories';
import { BOOK_SORTS } from '@contract/book-rules';
import { queryString } from '@/lib/query-string';
import type { BookCategory, BookListQuery, BookSort } from './types';

/** A catalogue page: the list query with `page` always given. */
export type BookPageQuery = BookListQuery & { page: number };

/** The catalogue's state, as the address `/book?q=&category=&sort=&page=` holds it. */
export type CatalogueParams = {
  q: string;
  category: BookCategory | null;
  sort: BookSort;
  page: number;
};

export const DEFAULT_SORT: BookSort = 'name';
/** Books per catalogue page (the server's default page size). */
export const CATALOGUE_PAGE_SIZE = 12;
/** The covers at the top of a page, in view at once: fetched eagerly, the rest when scrolled to. */
export const EAGER_COVERS = 4;
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
  return queryString({
    q,
    category: category ?? undefined,
    sort: sort === DEFAULT_SORT ? undefined : sort,
    page: page > 1 ? page : undefined,
  });
}

/**
 * The GET /books query of the catalogue page the address shows: what the catalogue asks for, and
 * what the page asks for before the app runs (src/app/screens.ts), so that one answers the other.
 */
export function catalogueQuery({ q, category, sort, page }: CatalogueParams): BookPageQuery {
  return {
    page,
    limit: CATALOGUE_PAGE_SIZE,
    sort,
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
  };
}

/** Other books shown under a book's page. */
export const MORE_IN_CATEGORY = 4;

/**
 * The GET /books query of "More in {category}" under a book's page (one more than shown, in case
 * the book itself is among them): what the page asks for, and what a snapshot of it holds.
 */
export function moreInCategoryQuery(book: { category: BookCategory }): BookListQuery {
  return { category: book.category, limit: MORE_IN_CATEGORY + 1 };
}
