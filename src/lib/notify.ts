// Toasts (react-toastify) without react-toastify in the first chunk: <LazyToaster/> fetches the
// toast layer when the first toast is raised, and the layer connects itself here. Toasts raised
// before it is connected wait and are shown once it is.
type Kind = 'error' | 'success';
type Show = (kind: Kind, text: string) => void;

let show: Show | null = null;
const waiting: { kind: Kind; text: string }[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function raise(kind: Kind, text: string): void {
  if (show) {
    show(kind, text);
    return;
  }
  waiting.push({ kind, text });
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export const notify = {
  error: (text: string) => raise('error', text),
  success: (text: string) => raise('success', text),
};

/** For <LazyToaster/>: whether a toast was asked for yet (useSyncExternalStore shape). */
export const toastLayer = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isWanted: (): boolean => wanted,
  /** Called by the loaded toast layer: shows the waiting toasts, then every new one. */
  connect(next: Show): () => void {
    show = next;
    // Shown a moment later: React's StrictMode remounts the container right after its first
    // mount, and toasts given to the first container would go with it.
    const flush = setTimeout(() => {
      for (const { kind, text } of waiting.splice(0)) next(kind, text);
    });
    return () => {
      clearTimeout(flush);
      if (show === next) show = null;
    };
  },
};
