// Puts a snapshot's data (snapshot-data.ts) into a store, in the caches the screen reads: the
// renderer does it before rendering a snapshot (src/prerender.tsx), and the app before hydrating
// one (src/app/start.tsx), so both first renders show the same content and the app fetches nothing
// to show it (docs/decisions.md D63). Its own chunk in the browser: only a snapshot loads it.
import { fetchCourses } from '@/features/courses/courses-slice';
import type { SnapshotData, SnapshotQuery } from './snapshot-data';
import type { AppStore } from './store';

// Each RTK Query cache's module is imported only when the data holds an entry for it (the course
// list's slice is the store's own): the course list's snapshot needs none of RTK Query, and a book's page none of the course endpoints
// (docs/decisions.md D67).
async function seedQuery(store: AppStore, query: SnapshotQuery): Promise<void> {
  switch (query.endpoint) {
    case 'getBook':
    case 'getBooks':
    case 'getBookPage': {
      const { booksApi } = await import('@/features/books/api/books-api');
      store.dispatch(
        booksApi.util.upsertQueryEntries([
          // One entry's type per endpoint: TypeScript cannot pair them through the union.
          { endpointName: query.endpoint, arg: query.arg, value: query.value } as Parameters<
            typeof booksApi.util.upsertQueryEntries
          >[0][number],
        ]),
      );
      return;
    }
    case 'getCourse': {
      const { courseDetailApi } = await import('@/features/learning/api/course-detail-api');
      store.dispatch(
        courseDetailApi.util.upsertQueryEntries([
          { endpointName: 'getCourse', arg: query.arg, value: query.value },
        ]),
      );
      return;
    }
    case 'getReviews': {
      const { reviewsApi } = await import('@/features/learning/api/reviews-api');
      store.dispatch(
        reviewsApi.util.upsertQueryEntries([
          { endpointName: 'getReviews', arg: query.arg, value: query.value },
        ]),
      );
      return;
    }
  }
}

/** Fills `store`'s caches with `data`, as if the screen had fetched it. */
export async function seedStore(store: AppStore, data: SnapshotData): Promise<void> {
  await Promise.all(data.queries.map((query) => seedQuery(store, query)));
  if (data.courses) store.dispatch(fetchCourses.fulfilled(data.courses, 'snapshot', {}));
}

/** A snapshot's data block (its text), if it has the shape of one; else undefined. */
export function parseSnapshotData(text: string | null): SnapshotData | undefined {
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null || !('queries' in data)) return undefined;
    return Array.isArray(data.queries) ? (data as SnapshotData) : undefined;
  } catch {
    return undefined;
  }
}
