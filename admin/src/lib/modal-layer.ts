import { useSyncExternalStore } from 'react';

/*
 * The modal dialogs open now, oldest first. A dialog opened with showModal() sits in the browser's
 * top layer, above everything else whatever its z-index, and makes the rest of the page inert: an
 * element outside it can be neither seen above it nor clicked — not even a popover shown after it
 * (Chromium keeps it inert). So what must stay usable over a dialog, the toasts, is rendered
 * inside the topmost one (components/toaster.tsx). Each modal dialog enters this list right after
 * showModal() and leaves it when it closes.
 */

let open: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed(next: readonly HTMLElement[]) {
  open = next;
  for (const listener of listeners) listener();
}

/** Records `dialog` (just shown with showModal()) as the topmost; the answer removes it again. */
export function enterModalLayer(dialog: HTMLElement): () => void {
  changed([...open.filter((d) => d !== dialog), dialog]);
  return () => changed(open.filter((d) => d !== dialog));
}

/** The topmost open modal dialog, or null when none is open. */
export function topModal(): HTMLElement | null {
  return open.at(-1) ?? null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The topmost open modal dialog, kept current as dialogs open and close. */
export function useTopModal(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topModal, () => null);
}
