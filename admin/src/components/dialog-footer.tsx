interface DialogFooterProps {
  /** The submit button's label, and the one it shows while the form is being sent. */
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** False when the server offers no action to submit to. */
  canSubmit?: boolean;
  tone?: 'primary' | 'danger';
  size?: 'sm';
  cancelLabel?: string;
  onCancel: () => void;
}

/** The buttons under every dialog's form: submit (busy while sending) and cancel; they stay in view as the form scrolls. */
export function DialogFooter({
  submitLabel,
  pendingLabel,
  pending,
  canSubmit = true,
  tone = 'primary',
  size,
  cancelLabel = 'Cancel',
  onCancel,
}: DialogFooterProps) {
  const sm = size ? ` btn--${size}` : '';
  return (
    <div className="button-row dialog-footer">
      <button type="submit" className={`btn btn--${tone}${sm}`} disabled={pending || !canSubmit}>
        {pending ? pendingLabel : submitLabel}
      </button>
      <button type="button" className={`btn btn--outline${sm}`} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
