// The data of a catalogue page's snapshot (docs/decisions.md D63): what the screen would fetch
// first, asked of the API by the server that makes the snapshot, in the very shape the app's
// caches hold it. The renderer (src/prerender.tsx) renders with it; the document hands it to the
// app in a JSON data block, which seeds the same caches before hydration (snapshot-seed.ts).
import type { CourseDetail, CourseSummary, ReviewPage } from '@contract/courses';
import { paths } from '@/config/paths';
import {
  catalogueQuery,
  moreInCategoryQuery,
  parseCatalogueParams,
  type BookPageQuery,
} from '@/features/books/catalogue-params';
import type { Book, BookDetail, BookListQuery, BookPage } from '@/features/books/types';
import type { ReviewPageArgs } from '@/features/learning/api/reviews-api';
import { queryString } from '@/lib/query-string';
import { routesFor } from './screens';

/** One RTK Query cache entry: the endpoint, its argument and its answer. */
export type SnapshotQuery =
  | { endpoint: 'getBook'; arg: string; value: BookDetail }
  | { endpoint: 'getBooks'; arg: BookListQuery; value: Book[] }
  | { endpoint: 'getBookPage'; arg: BookPageQuery; value: BookPage }
  | { endpoint: 'getCourse'; arg: string; value: CourseDetail }
  | { endpoint: 'getReviews'; arg: ReviewPageArgs; value: ReviewPage };

export type SnapshotData = {
  queries: SnapshotQuery[];
  /** The course list (the courses slice's, fetched without RTK Query). */
  courses?: CourseSummary[];
};

/** A public GET of the API (`apiPath` under `/api`), as the server that makes snapshots answers it. */
export type ApiGet = (apiPath: string) => Promise<{ status: number; body: unknown }>;

/** The answer of a GET that must succeed for a snapshot to be made; undefined if it did not. */
async function ok<T>(get: ApiGet, apiPath: string): Promise<T | undefined> {
  const answer = await get(apiPath);
  return answer.status === 200 ? (answer.body as T) : undefined;
}

function withQuery(path: string, query: BookListQuery | BookPageQuery): string {
  return `${path}${queryString(query)}`;
}

/**
 * The pages with a snapshot: the catalogue's first page and the course list, and every book's
 * and every published course's page.
 */
export async function snapshotPaths(get: ApiGet): Promise<string[]> {
  const books = (await ok<Book[]>(get, '/books')) ?? [];
  const courses = (await ok<CourseSummary[]>(get, '/courses')) ?? [];
  return [
    paths.book,
    paths.courses,
    ...books.map((book) => paths.bookPage(book._id)),
    ...courses.map((course) => paths.coursePage(course._id)),
  ];
}

/** The one `:param` of a page's address, decoded as the router gives it to the screen. */
function lastSegment(pathname: string): string {
  return decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/**
 * What the screen at `pathname` fetches first, from the API; undefined when the page has no
 * snapshot (not a catalogue page, or the API did not answer it: the book is gone, say).
 */
export async function gatherSnapshotData(
  pathname: string,
  get: ApiGet,
): Promise<SnapshotData | undefined> {
  const screen = routesFor(pathname).at(-1)?.screen;
  switch (screen) {
    case 'book': {
      const arg = catalogueQuery(parseCatalogueParams(new URLSearchParams()));
      const value = await ok<BookPage>(get, withQuery('/books', arg));
      return value && { queries: [{ endpoint: 'getBookPage', arg, value }] };
    }
    case 'bookPage': {
      const id = lastSegment(pathname);
      const book = await ok<BookDetail>(get, `/books/${encodeURIComponent(id)}`);
      if (!book) return undefined;
      const moreArg = moreInCategoryQuery(book);
      const more = await ok<Book[]>(get, withQuery('/books', moreArg));
      if (!more) return undefined;
      return {
        queries: [
          { endpoint: 'getBook', arg: id, value: book },
          { endpoint: 'getBooks', arg: moreArg, value: more },
        ],
      };
    }
    case 'courses': {
      const courses = await ok<CourseSummary[]>(get, '/courses');
      return courses && { queries: [], courses };
    }
    case 'coursePage': {
      const id = lastSegment(pathname);
      const course = await ok<CourseDetail>(get, `/courses/${encodeURIComponent(id)}`);
      if (!course) return undefined;
      const reviewsArg = { courseId: id, page: 1 };
      const reviews = await ok<ReviewPage>(
        get,
        `/courses/${encodeURIComponent(id)}/reviews${queryString({ page: 1 })}`,
      );
      if (!reviews) return undefined;
      return {
        queries: [
          { endpoint: 'getCourse', arg: id, value: course },
          { endpoint: 'getReviews', arg: reviewsArg, value: reviews },
        ],
      };
    }
    default:
      return undefined;
  }
}

/** The book or course a snapshot's page is about (its meta tags and JSON-LD describe it). */
export function subjectOf(data: SnapshotData): { book?: BookDetail; course?: CourseDetail } {
  for (const query of data.queries) {
    if (query.endpoint === 'getBook') return { book: query.value };
    if (query.endpoint === 'getCourse') return { course: query.value };
  }
  return {};
}
