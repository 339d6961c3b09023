// The page's entry. index.html already shows the app shell (navbar frame and page) and preloads
// the app chunk. Once the shell has been painted, this starts the current screen's chunk and the
// app itself (src/main.tsx): a fast download never keeps the first paint waiting for the app's
// first render, and the screen's chunk arrives alongside the app rather than after it. The
// stylesheet is the entry's, so the build inlines it into index.html
// (scripts/lib/first-paint-plugins.ts).
import { preloadScreen } from '@/app/screens';
import './index.css';

// A timeout inside an animation frame runs once that frame, the shell, has been painted.
requestAnimationFrame(() => {
  setTimeout(() => {
    preloadScreen(window.location.pathname);
    void import('./main');
  });
});
