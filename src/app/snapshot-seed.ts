// Puts a snapshot's data (snapshot-data.ts) into a store, in the caches the screen reads: the
// renderer does it before rendering a snapshot (src/prerender.tsx), and the app before hydrating
// one (src/app/start.tsx), so both first renders show the same content and the app fetches nothing
// to show it (docs/decisions.md D63). Its own chunk in the browser: only a snapshot loads it.
import type { SnapshotData, SnapshotQuery } from './snapshot-data';
import type { AppStore } from './store';

// Each cache's module is imported only when the data holds an entry for it: the course list's
// snapshot needs none of RTK Query, and a book's page none of the course endpoints or the course
// list's slice (docs/decisions.md D67).
async function seederOf(query: SnapshotQuery): Promise<(store: AppStore) => void> {
  switch (query.endpoint) {
    case 'getBook':
    case 'getBooks':
    case 'getBookPage': {
      const { booksApi } = await import('@/features/books/api/books-api');
      return (store) =>
        store.dispatch(
          booksApi.util.upsertQueryEntries([
            // One entry's type per endpoint: TypeScript cannot pair them through the union.
            { endpointName: query.endpoint, arg: query.arg, value: query.value } as Parameters<
              typeof booksApi.util.upsertQueryEntries
            >[0][number],
          ]),
        );
    }
    case 'getCourse': {
      const { courseDetailApi } = await import('@/features/learning/api/course-detail-api');
      return (store) =>
        store.dispatch(
          courseDetailApi.util.upsertQueryEntries([
            { endpointName: 'getCourse', arg: query.arg, value: query.value },
          ]),
        );
    }
    case 'getReviews': {
      const { reviewsApi } = await import('@/features/learning/api/reviews-api');
      return (store) =>
        store.dispatch(
          reviewsApi.util.upsertQueryEntries([
            { endpointName: 'getReviews', arg: query.arg, value: query.value },
          ]),
        );
    }
  }
}

/**
 * Fills `store`'s caches with `data`, as if the screen had fetched it. `pause` runs before each
 * endpoint's import and each entry's dispatch: in the browser a yield to the main thread, as
 * evaluating an endpoint and the first dispatch through RTK Query (its middleware and reducers on
 * first use) were tasks of 40–75 ms each on a slow phone (docs/decisions.md D80).
 */
export async function seedStore(
  store: AppStore,
  data: SnapshotData,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  // One endpoint's module at a time, each evaluated and dispatched in a task of its own: imported
  // side by side, two endpoints (with RTK Query's first use) were evaluated in one long task.
  for (const query of data.queries) {
    await pause();
    const seed = await seederOf(query);
    await pause();
    seed(store);
  }
  if (data.courses) {
    // The course list's slice loads with the list, like its screen (src/lib/lazy-slices.ts).
    await pause();
    const { fetchCourses } = await import('@/features/courses/courses-slice');
    await pause();
    store.dispatch(fetchCourses.fulfilled(data.courses, 'snapshot', {}));
  }
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
