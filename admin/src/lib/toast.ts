import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Display time in milliseconds; default 5000 (docs/product/README.md). */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description: string | undefined;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

/** One toast at a time (docs/product/README.md). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
// The product keeps a dismissed toast for 1,000,000 ms (docs/product/README.md). A closed toast is
// never rendered and the limit of one evicts it as soon as another toast arrives, so keeping it
// costs nothing.
export const TOAST_REMOVE_DELAY = 1_000_000;

interface ToastState {
  toasts: ToastItem[];
  add: (toast: ToastItem) => void;
  dismiss: (id?: string) => void;
  remove: (id: string) => void;
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  add: (toast) => set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) })),
  dismiss: (id) => {
    for (const toast of get().toasts) {
      if ((id === undefined || toast.id === id) && !removeTimers.has(toast.id)) {
        const toastId = toast.id;
        removeTimers.set(
          toastId,
          setTimeout(() => get().remove(toastId), TOAST_REMOVE_DELAY),
        );
      }
    }
    set((state) => ({
      toasts: state.toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)),
    }));
  },
  remove: (id) => {
    const timer = removeTimers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    removeTimers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
  },
}));

let counter = 0;

/**
 * Shows a toast; only the newest is displayed (limit 1).
 *
 * @example
 * toast({ title: 'Message Sent', description: "We'll get back to you within 24 hours." });
 */
export function toast({ title, description, variant = 'default', duration = TOAST_DURATION }: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  useToastStore.getState().add({ id, title, description, variant, duration, open: true });
  return { id, dismiss: () => useToastStore.getState().dismiss(id) };
}

export function dismissToast(id?: string): void {
  useToastStore.getState().dismiss(id);
}
