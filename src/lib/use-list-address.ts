import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** A whole number ≥ 1 from the address bar, or undefined. */
function pageOf(text: string | null): number | undefined {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/**
 * A paged dashboard list whose search, page and open item are in the address (`?q=&page=&…`), so
 * Back and a reload keep them.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page')) ?? 1;

  /** Changes the address's search params (an empty value drops the param). */
  const navigate = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  const goToPage = (next: number) => navigate({ page: next === 1 ? null : String(next) });

  return { params, page, navigate, goToPage };
}

/** The search box's text: typed freely, and set again when the address's search `q` changes. */
export function useSearchText(q: string) {
  const [text, setText] = useState(q);
  // Follows the address (Back, or a link with another search).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  return [text, setText] as const;
}
