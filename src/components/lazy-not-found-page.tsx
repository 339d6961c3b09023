import { lazy } from 'react';

/**
 * The not-found page for a book, course or certificate that turns out not to exist: loaded only
 * then, so the page of one that does never carries it (docs/decisions.md D106). The API has
 * answered 404 by then, so the network is there to fetch it; meanwhile the screen's Suspense
 * boundary shows its fallback.
 */
export const LazyNotFoundPage = lazy(() =>
  import('./not-found-page').then((module) => ({ default: module.NotFoundPage })),
);
