import { type Booking, type Cleaner, calendarDayLabel, formatTime12, type TimeSlot } from '@spotless/sdk';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Field } from '../../../components/field';
import { slotsQuery } from '../../../entities/booking';
import { errorMessage, errorStatus } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useSlotAction } from '../api/cleaner-dashboard.mutations';
import { availabilityQuery } from '../api/cleaner-dashboard.queries';
import { hoursText, notBefore, slotBookingText, todayIn, WEEKDAYS, weekdayOf } from '../utils/cleaner-dashboard';
import { CalendarSyncCard } from './calendar-sync-card';

/** Slots are half-hour steps; the calendar shows them as such (no job length applied). */
const SLOT_MINUTES = 30;

type ReleaseAction = NonNullable<TimeSlot['actions']['release']>;

/**
 * The calendar tab (docs/product/cleaners.md): a date (past days blocked), that weekday's hours,
 * and the day's slots. A booked slot says so, with whose job it is and what (the customer's first
 * name and the service, from the cleaner's jobs); a slot the cleaner marked by hand offers Release,
 * exactly when the slot offers that action. A booking holds its slots by itself, so no slot
 * offers Book (decision 076).
 */
export function CalendarTab({ cleaner, jobs }: { cleaner: Cleaner; jobs: Booking[] }) {
  const id = useId();
  const today = todayIn(cleaner.timeZone);
  const [date, setDate] = useState(today);
  const hours = useQuery(availabilityQuery(cleaner.id));
  const slots = useQuery(slotsQuery(cleaner.id, date, SLOT_MINUTES));
  const slotAction = useSlotAction();
  const weekday = weekdayOf(date);
  const dayHours = (hours.data?.items ?? []).filter((h) => h.dayOfWeek === weekday);

  const release = (slot: TimeSlot, action: ReleaseAction) => {
    slotAction.mutate(
      { action },
      {
        onSuccess: () =>
          toast({
            title: 'Time Slot Released',
            description: `${calendarDayLabel(slot.date)} at ${formatTime12(slot.startTime)} is no longer held.`,
          }),
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
          {WEEKDAYS[weekday]} hours · {calendarDayLabel(date)}
        </h3>
        {dayHours.length === 0 ? (
          <p className="field__hint">You are not available on {WEEKDAYS[weekday]}s.</p>
        ) : (
          <ul className="schedule__hours">
            {dayHours.map((h) => (
              <li key={h.id}>
                {hoursText(h.startTime, h.endTime)} {h.isAvailable ? '' : '(unavailable)'}
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
              const unmark = slot.actions.release;
              const time = formatTime12(slot.startTime);
              return (
                <li
                  key={slot.startsAt}
                  className={slot.isBooked ? 'slot-grid__slot is-booked' : 'slot-grid__slot'}
                  data-testid="cleaner-slot"
                >
                  <span className="slot-grid__text">
                    <span className="slot-grid__time">{time}</span>
                    {slot.isBooked ? (
                      <span className="slot-grid__booking" data-testid="slot-booking">
                        {slotBookingText(slot, jobs)}
                      </span>
                    ) : null}
                  </span>
                  {unmark ? (
                    <span className="slot-grid__actions">
                      <button
                        type="button"
                        className="btn btn--outline btn--sm"
                        disabled={slotAction.isPending}
                        onClick={() => release(slot, unmark)}
                      >
                        {unmark.title}
                        <span className="visually-hidden"> {time}</span>
                      </button>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <CalendarSyncCard />
    </div>
  );
}
