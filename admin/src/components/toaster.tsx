import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTopModal } from '../lib/modal-layer';
import { TOAST_SWIPE_THRESHOLD, type ToastItem, useToastStore } from '../lib/toast';
import { CloseIcon } from './icons';

/**
 * The live region that shows the current toast (one at a time, swipe right to dismiss;
 * docs/product/README.md). While a modal dialog is open, the toast is shown in a second live region
 * inside the topmost dialog: a modal dialog is in the browser's top layer and everything outside it
 * is inert, so only there is a toast drawn above the dialog and its close button clickable
 * (lib/modal-layer.ts). The page's region stays mounted, so a toast that arrives as the dialog
 * closes is still announced.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dialog = useTopModal();
  const visible = toasts.filter((item) => item.open).map((item) => <ToastView key={item.id} toast={item} />);
  return (
    <>
      <ToastViewport>{dialog ? null : visible}</ToastViewport>
      {dialog ? createPortal(<ToastViewport>{visible}</ToastViewport>, dialog) : null}
    </>
  );
}

function ToastViewport({ children }: { children: ReactNode }) {
  return (
    <div className="toast-viewport" role="status" aria-live="polite" aria-label="Notifications">
      {children}
    </div>
  );
}

function ToastView({ toast }: { toast: ToastItem }) {
  const dismiss = useToastStore((state) => state.dismiss);
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const remaining = useRef(toast.duration);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, dismiss, toast.id]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Capturing the pointer on the close button would retarget its click to the toast.
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const endSwipe = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD) {
      dismiss(toast.id);
      return;
    }
    setOffset(0);
    setPaused(false);
  };
  const cancelSwipe = () => {
    swipeStart.current = null;
    setOffset(0);
    setPaused(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: swiping is a pointer shortcut; keyboard users have the close button
    <div
      className={`toast toast--${toast.variant}`}
      data-testid="toast"
      data-variant={toast.variant}
      data-swiping={offset > 0 ? '' : undefined}
      style={
        offset > 0 ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - offset / 200) } : undefined
      }
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={cancelSwipe}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => swipeStart.current === null && setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
      </div>
      <button type="button" className="toast__close" aria-label="Close notification" onClick={() => dismiss(toast.id)}>
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
