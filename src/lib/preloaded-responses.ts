// GET answers the page started before the app ran (src/app/screens.ts: the first screen's data),
// handed once to the API client's request for the same URL, so the data comes with the app's
// chunks instead of after them. Tiny and dependency-free: it is part of the boot chunk.

const started = new Map<string, Promise<Response>>();

/** Starts the GET of `url` now; returns its answer (a copy to read is the caller's to make). */
export function preloadResponse(url: string): Promise<Response> {
  const response = fetch(url, { headers: { accept: 'application/json' } });
  // Not waited for by anyone yet: a failure is the later request's to report.
  response.catch(() => undefined);
  started.set(url, response);
  return response;
}

/** The answer started for `url`, once; later requests for it go to the network. */
export function takePreloadedResponse(url: string): Promise<Response> | undefined {
  const response = started.get(url);
  started.delete(url);
  return response;
}
