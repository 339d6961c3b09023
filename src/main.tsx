// The app's start, begun by src/boot.ts once the shell has painted. Evaluating a module graph is
// one task however large it is, and the app's was one long task of ~200 ms on a slow phone
// (docs/decisions.md D67). So its modules are evaluated in stages, each a dynamic import of its
// own chunk (vite.config.ts), with the main thread handed back between them: a tap or a frame
// never waits for more than one stage. Every stage's chunk is preloaded from the start
// (scripts/lib/first-paint-plugins.ts), so the stages wait for no download.

/** Lets the browser run what is waiting (input, a frame) before the next stage. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(container: HTMLElement): Promise<void> {
  // React and its DOM renderer, Redux, the router, then the app itself.
  await import('react-dom/client');
  await yieldToMain();
  await import('@/app/start-stages/redux');
  await yieldToMain();
  await import('@/app/start-stages/router');
  await yieldToMain();
  const { startApp } = await import('@/app/start');
  await yieldToMain();
  // The app yields the same way between its own steps; handed over rather than imported, as a
  // module both imported would join the app's chunk, which this one would then import up front.
  startApp(container, yieldToMain);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);

export {};
