import { type ReactNode, type RefObject, useEffect, useId } from 'react';

/** What a form control needs from its field: its id and, when it has them, its hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** The server's or the form's message for this field; shown under the control and announced. */
  error?: string | null;
  hint?: ReactNode;
  /** A fixed id for the control (tests and labels elsewhere); a generated one otherwise. */
  id?: string;
  className?: string;
  /** A data-testid for the error message, where a test looks for it. */
  errorTestId?: string;
  /** The control, given the props that tie it to the label, hint and error. */
  children: (control: FieldControl) => ReactNode;
}

/**
 * One form field for the whole app: label, control, hint and error, with the ids a screen reader
 * needs (the label names the control; the hint and the error describe it; an error marks it invalid).
 */
export function Field({ label, error, hint, id, className, errorTestId, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={controlId}>{label}</label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After a failed submit puts its messages under the fields, moves focus to the first control marked
 * invalid inside `container`: the message is then in view however long the form, and read out with
 * its field. `errors` is the form's field errors; a new set with a message in it moves focus.
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>, errors: object) {
  useEffect(() => {
    if (!Object.values(errors).some(Boolean)) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [container, errors]);
}
