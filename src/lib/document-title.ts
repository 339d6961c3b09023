import { useEffect } from 'react';

/** The browser tab's name for a screen: its own title, then the shop's ("About us · LearnTogether"). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · LearnTogether`;
    // The next screen may set none: it shows the one before (index.html's "LearnTogether").
    return () => {
      document.title = previous;
    };
  }, [title]);
}
