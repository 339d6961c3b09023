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

/** The page's meta description while a screen shows (a book's page describes the book). */
export function useMetaDescription(text: string | undefined): void {
  useEffect(() => {
    if (!text) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = text;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [text]);
}
