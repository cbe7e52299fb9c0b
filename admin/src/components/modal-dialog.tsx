import { type ReactNode, useEffect, useId, useRef } from 'react';
import { enterModalLayer } from '../lib/modal-layer';
import { CloseIcon } from './icons';

interface ModalDialogProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: focus never
 * leaves an open dialog for the browser's own controls. A DOM listener, not a React one: the toast
 * shown inside the dialog is portaled there, and React sends its keys up its own tree instead.
 */
function keepFocusInside(this: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const focusable = [...this.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !this.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !this.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert, Tab
 * and Shift+Tab go round its controls (focus stays inside) and Escape closes it; focus goes back
 * to the control that opened it. While open it is the modal layer's topmost dialog, so toasts are
 * shown inside it, above it.
 */
export function ModalDialog({ open, title, description, onClose, children, testId }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const leaveLayer = enterModalLayer(dialog);
    dialog.addEventListener('keydown', keepFocusInside);
    return () => {
      dialog.removeEventListener('keydown', keepFocusInside);
      leaveLayer();
      dialog.close();
      returnFocus.current?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <div>
            <h2 id={`${id}-title`} className="modal__title">
              {title}
            </h2>
            {description ? (
              <p id={`${id}-description`} className="modal__description">
                {description}
              </p>
            ) : null}
          </div>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <CloseIcon width={20} height={20} aria-hidden="true" />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, and what saying yes does (the terms the server states: a fee kept, a refund). */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}

/**
 * The app's confirmation, in place of the browser's native confirm(): a modal dialog (focus kept
 * inside, Escape and the cancel button close it, focus goes back to the control that opened it).
 * It opens with the focus on its Close button, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending,
  tone = 'danger',
  onConfirm,
  onClose,
  testId,
}: ConfirmDialogProps) {
  return (
    <ModalDialog open={open} title={title} onClose={onClose} testId={testId}>
      <div className="confirm-dialog">
        {children}
        <div className="button-row">
          <button type="button" className={`btn btn--${tone}`} disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </button>
          <button type="button" className="btn btn--outline" onClick={onClose}>
            {cancelLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
