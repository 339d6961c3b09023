import { useEffect, useRef } from 'react';

/**
 * A ref for a controlled field of a prerendered page (a snapshot's search box, its menus): what
 * the visitor typed or picked before the app took the page over is in the field but never reached
 * React's state. Once hydrated, `onChange` gets it, as if it had been typed then
 * (docs/decisions.md D69). Runs once: afterwards the field is React's.
 */
export function useEarlyInput<T extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  onChange: (value: string) => void,
) {
  const ref = useRef<T>(null);
  const first = useRef({ value, onChange });
  useEffect(() => {
    const shown = ref.current?.value;
    if (shown !== undefined && shown !== first.current.value) first.current.onChange(shown);
  }, []);
  return ref;
}
