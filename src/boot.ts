// The page's entry. index.html already shows the app shell (navbar frame and page). This starts
// the current screen's chunk at once, alongside the app chunk that index.html preloads; the app
// itself (src/main.tsx) starts after the shell has been painted, so a fast download never keeps
// the first paint waiting for the app's first render. The stylesheet is the entry's, so the build
// inlines it into index.html (scripts/lib/first-paint-plugins.ts).
import { preloadScreen } from '@/app/screens';
import './index.css';

preloadScreen(window.location.pathname);

requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main');
  });
});
