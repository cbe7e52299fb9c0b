import type { Booking, Cleaner, TimeSlot } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { slotsQuery } from '../../../entities/booking';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useSlotBooking } from '../api/cleaner-dashboard.mutations';
import { availabilityQuery } from '../api/cleaner-dashboard.queries';
import { notBefore, todayIn, WEEKDAYS, weekdayOf } from '../utils/cleaner-dashboard';

/** Slots are half-hour steps; the calendar shows them as such (no job length applied). */
const SLOT_MINUTES = 30;

/** Spec 02 §2: a date (past days blocked), that weekday's hours, and the day's slots with Book / Release. */
export function CalendarTab({ cleaner, jobs }: { cleaner: Cleaner; jobs: Booking[] }) {
  const id = useId();
  const today = todayIn(cleaner.timeZone);
  const [date, setDate] = useState(today);
  const [booking, setBooking] = useState<TimeSlot | null>(null);
  const hours = useQuery(availabilityQuery(cleaner.id));
  const slots = useQuery(slotsQuery(cleaner.id, date, SLOT_MINUTES));
  const slotAction = useSlotBooking();
  const weekday = weekdayOf(date);
  const dayHours = (hours.data?.items ?? []).filter((h) => h.dayOfWeek === weekday);

  const release = (slot: TimeSlot) => {
    if (slot.id === null) return;
    slotAction.mutate(
      { slotId: slot.id },
      {
        onSuccess: () => toast({ title: 'Time Slot Released', description: `${slot.startTime} is free again.` }),
        onError: (error) => {
          if (errorStatus(error) === 401) return;
          toast({
            title: 'Release Failed',
            description: errorMessage(error, 'Failed to release the time slot.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <div className="schedule" data-testid="calendar-tab">
      <Field label="Date" className="schedule__date">
        {(control) => (
          <input
            {...control}
            type="date"
            min={today}
            value={date}
            onChange={(e) => e.target.value && setDate(notBefore(e.target.value, today))}
          />
        )}
      </Field>
      <section aria-labelledby={`${id}-hours`}>
        <h3 id={`${id}-hours`} className="card__title">
          {WEEKDAYS[weekday]} hours
        </h3>
        {dayHours.length === 0 ? (
          <p className="field__hint">You are not available on {WEEKDAYS[weekday]}s.</p>
        ) : (
          <ul className="schedule__hours">
            {dayHours.map((h) => (
              <li key={h.id}>
                {h.startTime}–{h.endTime} {h.isAvailable ? '' : '(unavailable)'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-slots`}>
        <h3 id={`${id}-slots`} className="card__title">
          Time slots
        </h3>
        {slots.isPending ? (
          <p className="loading-text">Loading time slots...</p>
        ) : slots.isError ? (
          <p className="alert alert--error">
            {errorMessage(slots.error, 'Failed to load time slots. Please try again.')}
          </p>
        ) : slots.data.items.length === 0 ? (
          <p className="field__hint">No slots on this day.</p>
        ) : (
          <ul className="slot-grid" data-testid="cleaner-slots">
            {slots.data.items.map((slot) => (
              <li key={slot.startsAt} className={slot.isBooked ? 'slot-grid__slot is-booked' : 'slot-grid__slot'}>
                <span>
                  {slot.startTime}
                  {slot.isBooked ? <span className="field__hint"> · booking #{slot.bookingId}</span> : null}
                </span>
                {slot.id === null ? null : slot.isBooked ? (
                  <button
                    type="button"
                    className="btn btn--outline btn--sm"
                    disabled={slotAction.isPending}
                    onClick={() => release(slot)}
                  >
                    Release<span className="visually-hidden"> {slot.startTime}</span>
                  </button>
                ) : (
                  <button type="button" className="btn btn--outline btn--sm" onClick={() => setBooking(slot)}>
                    Book<span className="visually-hidden"> {slot.startTime}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <BookSlotDialog slot={booking} jobs={jobs} onClose={() => setBooking(null)} />
    </div>
  );
}

/** Holds a slot for one of the cleaner's own open bookings (never made-up ids). */
function BookSlotDialog({ slot, jobs, onClose }: { slot: TimeSlot | null; jobs: Booking[]; onClose: () => void }) {
  const open = jobs.filter((j) => j.status === 'pending' || j.status === 'confirmed');
  // The bookings on the slot's day first: they are the ones a slot is normally held for.
  const choices = [...open].sort(
    (a, b) => Number(b.scheduledDate === slot?.date) - Number(a.scheduledDate === slot?.date),
  );
  const [chosen, setChosen] = useState<number | ''>('');
  const book = useSlotBooking();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slot || slot.id === null || chosen === '') return;
    book.mutate(
      { slotId: slot.id, bookingId: chosen },
      {
        onSuccess: () => {
          toast({
            title: 'Time Slot Booked',
            description: `${slot.date} ${slot.startTime} is held for booking #${chosen}.`,
          });
          setChosen('');
          onClose();
        },
        onError: (error) => {
          if (errorStatus(error) === 401) return;
          toast({
            title: 'Booking Failed',
            description: errorMessage(error, 'Failed to book the time slot.'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <ModalDialog
      open={slot !== null}
      title="Book Time Slot"
      description={slot ? `${slot.date} at ${slot.startTime}` : undefined}
      onClose={onClose}
      testId="book-slot"
    >
      {choices.length === 0 ? (
        <p className="field__hint">You have no pending or confirmed bookings to hold a slot for.</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <Field label="Booking">
            {(control) => (
              <select
                {...control}
                required
                value={chosen}
                onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : '')}
              >
                <option value="">Choose a booking</option>
                {choices.map((job) => (
                  <option key={job.id} value={job.id}>
                    #{job.id} · {job.scheduledDate} {job.scheduledTime} · {job.service.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <DialogFooter
            submitLabel="Book Slot"
            pendingLabel="Book Slot"
            pending={book.isPending}
            canSubmit={chosen !== ''}
            onCancel={onClose}
          />
        </form>
      )}
    </ModalDialog>
  );
}
