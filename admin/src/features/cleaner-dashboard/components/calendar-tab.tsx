import type { Booking, Cleaner, TimeSlot } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { DialogFooter } from '../../../components/dialog-footer';
import { Field } from '../../../components/field';
import { ModalDialog } from '../../../components/modal-dialog';
import { slotsQuery } from '../../../entities/booking';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useSlotAction } from '../api/cleaner-dashboard.mutations';
import { availabilityQuery } from '../api/cleaner-dashboard.queries';
import { notBefore, todayIn, WEEKDAYS, weekdayOf } from '../utils/cleaner-dashboard';

/** Slots are half-hour steps; the calendar shows them as such (no job length applied). */
const SLOT_MINUTES = 30;

type BookAction = NonNullable<TimeSlot['actions']['book']>;
type ReleaseAction = NonNullable<TimeSlot['actions']['release']>;

/**
 * The calendar tab (docs/product/cleaners.md): a date (past days blocked), that weekday's hours,
 * and the day's slots with Book / Release — each button there exactly when the slot offers that
 * action, performed by its href.
 */
export function CalendarTab({ cleaner, jobs }: { cleaner: Cleaner; jobs: Booking[] }) {
  const id = useId();
  const today = todayIn(cleaner.timeZone);
  const [date, setDate] = useState(today);
  const [booking, setBooking] = useState<{ slot: TimeSlot; action: BookAction } | null>(null);
  const hours = useQuery(availabilityQuery(cleaner.id));
  const slots = useQuery(slotsQuery(cleaner.id, date, SLOT_MINUTES));
  const slotAction = useSlotAction();
  const weekday = weekdayOf(date);
  const dayHours = (hours.data?.items ?? []).filter((h) => h.dayOfWeek === weekday);

  const release = (slot: TimeSlot, action: ReleaseAction) => {
    slotAction.mutate(
      { action },
      {
        onSuccess: () => toast({ title: 'Time Slot Released', description: `${slot.startTime} is no longer held.` }),
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
            {slots.data.items.map((slot) => {
              const { book, release: unmark } = slot.actions;
              return (
                <li key={slot.startsAt} className={slot.isBooked ? 'slot-grid__slot is-booked' : 'slot-grid__slot'}>
                  <span>
                    {slot.startTime}
                    {slot.isBooked ? (
                      <span className="field__hint">
                        {slot.bookingId === null ? ' · booked' : ` · booking #${slot.bookingId}`}
                      </span>
                    ) : null}
                  </span>
                  <span className="slot-grid__actions">
                    {book ? (
                      <SlotButton
                        label={book.title}
                        time={slot.startTime}
                        onClick={() => setBooking({ slot, action: book })}
                      />
                    ) : null}
                    {unmark ? (
                      <SlotButton
                        label={unmark.title}
                        time={slot.startTime}
                        disabled={slotAction.isPending}
                        onClick={() => release(slot, unmark)}
                      />
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <BookSlotDialog key={booking?.slot.startsAt} target={booking} jobs={jobs} onClose={() => setBooking(null)} />
    </div>
  );
}

function SlotButton(props: { label: string; time: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--outline btn--sm" disabled={props.disabled} onClick={props.onClick}>
      {props.label}
      <span className="visually-hidden"> {props.time}</span>
    </button>
  );
}

/**
 * Holds a slot for one of the cleaner's own bookings: exactly those the slot's `book` action lists
 * (the active ones that cover it), described from the cleaner's jobs.
 */
function BookSlotDialog({
  target,
  jobs,
  onClose,
}: {
  target: { slot: TimeSlot; action: BookAction } | null;
  jobs: Booking[];
  onClose: () => void;
}) {
  const field = target?.action.fields.find((f) => f.name === 'bookingId');
  const choices = (field?.options ?? []).map((option) => {
    const job = jobs.find((j) => String(j.id) === option.value);
    return {
      value: option.value,
      label: job
        ? `#${job.id} · ${job.scheduledDate} ${job.scheduledTime} · ${job.service.name}`
        : (option.title ?? `Booking #${option.value}`),
    };
  });
  const [chosen, setChosen] = useState(() => (field?.value === undefined ? '' : String(field.value)));
  const book = useSlotAction();
  const slot = target?.slot;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || chosen === '') return;
    book.mutate(
      { action: target.action, bookingId: Number(chosen) },
      {
        onSuccess: () => {
          toast({
            title: 'Time Slot Booked',
            description: `${target.slot.date} ${target.slot.startTime} is held for booking #${chosen}.`,
          });
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
      open={target !== null}
      title="Book Time Slot"
      description={slot ? `${slot.date} at ${slot.startTime}` : undefined}
      onClose={onClose}
      testId="book-slot"
    >
      <form className="form" onSubmit={submit}>
        <Field label="Booking">
          {(control) => (
            <select {...control} required value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a booking</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
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
    </ModalDialog>
  );
}
