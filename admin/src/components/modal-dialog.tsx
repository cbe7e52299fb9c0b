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

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert (focus
 * stays inside) and Escape closes it; focus goes back to the control that opened it. While open it
 * is the modal layer's topmost dialog, so toasts are shown inside it, above it.
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
    return () => {
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
