/** Query parameters as the API client sends them: an absent or empty value is left out. */
export type Query = Record<string, string | number | undefined>;

/**
 * `?a=1&b=x` for `query` in its key order, or '' when nothing is left: the one way a GET's
 * address is written, by the API client and by the page preloading a screen's data
 * (src/app/screens.ts), whose answer the client takes only for the very same address.
 */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
