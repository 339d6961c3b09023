import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scroll position across navigations, as a reader expects it: a new page starts at the top (or at
 * its `#hash`), and back/forward return to where the reader was on that page.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    // The app restores positions itself: the browser would do it before the screen has loaded.
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const saved = positions.current;
    const key = location.key;
    if (navigationType === 'POP') window.scrollTo(0, saved.get(key) ?? 0);
    else if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Where the reader was on the page being left.
    return () => {
      saved.set(key, window.scrollY);
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
