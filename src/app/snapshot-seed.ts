// Puts a snapshot's data (snapshot-data.ts) into a store, in the caches the screen reads: the
// renderer does it before rendering a snapshot (src/prerender.tsx), and the app before hydrating
// one (src/app/start.tsx), so both first renders show the same content and the app fetches nothing
// to show it (docs/decisions.md D63). Its own chunk in the browser: only a snapshot loads it.
import { booksApi } from '@/features/books/api/books-api';
import { fetchCourses } from '@/features/courses/courses-slice';
import { courseDetailApi } from '@/features/learning/api/course-detail-api';
import { reviewsApi } from '@/features/learning/api/reviews-api';
import type { SnapshotData, SnapshotQuery } from './snapshot-data';
import type { AppStore } from './store';

function seedQuery(store: AppStore, query: SnapshotQuery): void {
  switch (query.endpoint) {
    case 'getBook':
    case 'getBooks':
    case 'getBookPage':
      store.dispatch(
        booksApi.util.upsertQueryEntries([
          // One entry's type per endpoint: TypeScript cannot pair them through the union.
          { endpointName: query.endpoint, arg: query.arg, value: query.value } as Parameters<
            typeof booksApi.util.upsertQueryEntries
          >[0][number],
        ]),
      );
      return;
    case 'getCourse':
      store.dispatch(
        courseDetailApi.util.upsertQueryEntries([
          { endpointName: 'getCourse', arg: query.arg, value: query.value },
        ]),
      );
      return;
    case 'getReviews':
      store.dispatch(
        reviewsApi.util.upsertQueryEntries([
          { endpointName: 'getReviews', arg: query.arg, value: query.value },
        ]),
      );
      return;
  }
}

/** Fills `store`'s caches with `data`, as if the screen had fetched it. */
export function seedStore(store: AppStore, data: SnapshotData): void {
  for (const query of data.queries) seedQuery(store, query);
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
