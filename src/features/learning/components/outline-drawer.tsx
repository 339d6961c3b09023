import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CloseIcon, MenuIcon } from '@/components/icons/layout-icons';

/**
 * A phone's outline (under 768 px wide): behind a "Course outline" button that opens it as a
 * modal drawer. Escape or Close shuts it and gives the focus back to the button; Tab stays inside
 * while it is open.
 */
export function OutlineDrawer({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const titleId = useId();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const focusable = panelRef.current.querySelectorAll<HTMLElement>('a[href], button');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
        className="btn btn-outline btn-sm w-full rounded-xl normal-case"
      >
        <MenuIcon className="h-4 w-4" />
        Course outline
      </button>
      {open && (
        <div className="fixed inset-0 z-50 flex">
          <div aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={close} />
          <div
            ref={panelRef}
            id={id}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            className="relative flex h-full w-[85%] max-w-sm flex-col overflow-y-auto bg-base-100 p-4 shadow-xl"
          >
            <div className="mb-4 flex items-center justify-between">
              <p id={titleId} className="text-lg font-bold">
                Course outline
              </p>
              <button
                ref={closeRef}
                type="button"
                onClick={close}
                aria-label="Close the course outline"
                className="btn btn-ghost btn-sm btn-square"
              >
                <CloseIcon className="h-5 w-5" />
              </button>
            </div>
            {children(() => setOpen(false))}
          </div>
        </div>
      )}
    </>
  );
}
