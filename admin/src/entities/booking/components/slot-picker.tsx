import { isDayOff, type TimeSlotList } from '@spotless/sdk';
import { type ReactNode, useId } from 'react';
import { Field } from '../../../components/field';
import { dayHint, daysOffText, dayTooShortFor, timeOptions } from '../utils/slot-options';
import { DatePicker, longDayLabel } from './date-picker';

/** The chosen day's slots as a query gives them (useQuery's result, or just these three). */
export interface DaySlots {
  data?: TimeSlotList;
  isPending: boolean;
  isError: boolean;
}

interface SlotPickerProps {
  /**
   * The chosen day's slots, read by the page: the booking page asks for the cleaner's day, an edit
   * follows the booking's `cleanerSlots` link (which leaves the booking itself out).
   */
  slots: DaySlots;
  date: string;
  time: string;
  onDateChange: (isoDate: string) => void;
  onTimeChange: (time: string) => void;
  /** The cleaner's first name, for the hints ("Jordan has no free time that day"). */
  cleanerName: string;
  /** The cleaner's zone, until the day's slots say it. */
  timeZone: string;
  errors?: { date?: string; time?: string };
  /** When moving a booking: the day and time it holds now, always free to keep. */
  current?: { date: string; time: string };
  /** A control shown beside the time (the booking page's duration). */
  beside?: ReactNode;
  /** The booking's length in minutes: a day with no start that long free says so once. */
  duration: number;
  /**
   * The booking page's duration field says when no start of the day is long enough (`dayTooShortFor`);
   * without one (moving a booking keeps its length) the time's hint says it.
   */
  lengthField?: boolean;
  /** The weekdays the cleaner works (0 = Sunday, from their weekly hours); the others are days off. */
  workingDays?: readonly number[];
}

/**
 * The free-slot picker (docs/product/booking-and-payments.md): a month calendar, then the times of
 * the chosen day, each marked free or taken from the cleaner's real slots. Taken times are listed
 * but cannot be chosen.
 */
export function SlotPicker({
  slots,
  date,
  time,
  onDateChange,
  onTimeChange,
  cleanerName,
  timeZone,
  errors = {},
  current,
  beside,
  duration,
  lengthField = false,
  workingDays,
}: SlotPickerProps) {
  const id = useId();
  // The time chosen is listed even when the product's list lacks it.
  const options = timeOptions(date === '' ? undefined : slots.data?.items, {
    keep: time,
    current: current?.date === date ? current.time : undefined,
  });
  const freeCount = options.filter((o) => o.free).length;
  // The day a booking being moved holds now stays open, even on a weekday no longer worked.
  const dayOff = (iso: string) => workingDays !== undefined && iso !== current?.date && isDayOff(iso, workingDays);
  const offDays = workingDays ? daysOffText(workingDays) : '';
  const describedBy = [`${id}-date-selected`, offDays ? `${id}-days-off` : '', errors.date ? `${id}-date-error` : '']
    .filter(Boolean)
    .join(' ');
  const hint = dayHint({
    date,
    cleanerName,
    timeZone,
    slots,
    freeCount,
    dayOff: date !== '' && dayOff(date),
    tooShort: freeCount === 0 ? dayTooShortFor(slots.data?.items, duration, lengthField) : null,
    tooShortShownElsewhere: lengthField,
  });

  const timeField = (
    <Field
      label="Time"
      error={errors.time}
      hint={
        <span data-testid="time-hint" aria-live="polite">
          {hint}
        </span>
      }
    >
      {(control) => (
        <select {...control} name="scheduledTime" value={time} onChange={(e) => onTimeChange(e.target.value)}>
          <option value="">Select a time</option>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.free === false}>
              {option.current
                ? `${option.label} (current)`
                : option.free === false
                  ? `${option.label} (unavailable)`
                  : option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <>
      <div className="field">
        <DatePicker
          value={date}
          onChange={onDateChange}
          legend="Date"
          describedBy={describedBy}
          invalid={Boolean(errors.date)}
          isDayOff={dayOff}
        />
        <p id={`${id}-date-selected`} className="field__hint" data-testid="selected-date">
          {date ? `Selected: ${longDayLabel(date)}` : 'No date selected'}
        </p>
        {offDays ? (
          <p id={`${id}-days-off`} className="field__hint" data-testid="days-off">
            {cleanerName} does not work on {offDays}: those days cannot be picked.
          </p>
        ) : null}
        {errors.date ? (
          <p id={`${id}-date-error`} className="field__error">
            {errors.date}
          </p>
        ) : null}
      </div>
      {beside ? (
        <div className="form__row">
          {timeField}
          {beside}
        </div>
      ) : (
        timeField
      )}
    </>
  );
}

/**
 * Whether the day's slots leave `time` free: null while that is not known (no slots yet, or none
 * could be read).
 */
export function isTimeFree(slots: DaySlots, time: string): boolean | null {
  if (!slots.data) return null;
  return slots.data.items.some((s) => s.startTime === time && s.isAvailable);
}
