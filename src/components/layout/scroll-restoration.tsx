import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scroll position across navigations, as a reader expects it: a new page starts at the top (or at
 * its `#hash`), back/forward return to where the reader was on that page, and the page the
 * browser loaded is left where it is.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const pageLoad = useRef(true);

  useEffect(() => {
    // The app restores positions itself: the browser would do it before the screen has loaded.
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const saved = positions.current;
    const key = location.key;
    // The page as loaded stays where it is: a prerendered page (docs/decisions.md D49) may have
    // been scrolled before the app took it over, and the reader's click on what they scrolled to
    // would land elsewhere if it jumped to the top.
    if (pageLoad.current) pageLoad.current = false;
    else if (navigationType === 'POP') window.scrollTo(0, saved.get(key) ?? 0);
    else if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
    // Where the reader was on the page being left.
    return () => {
      saved.set(key, window.scrollY);
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
