import type { Booking } from '@spotless/sdk';
import { type DamageReader, damageReportNote } from '../utils/damage-report';

/** The problem reported on a booking, and once decided the decision and why, for its customer or cleaner. */
export function DamageReportNoteView({ booking, reader }: { booking: Booking; reader: DamageReader }) {
  const note = damageReportNote(booking, reader);
  if (!note) return null;
  return (
    <div
      className={`alert ${note.state === 'open' ? 'alert--warning' : 'alert--success'}`}
      role="note"
      data-testid="damage-report-note"
      data-state={note.state}
    >
      <p>{note.text}</p>
      {note.reason ? <p>Why: {note.reason}</p> : null}
    </div>
  );
}
