import type { TimeSlotList } from '@spotless/sdk';
import { type ReactNode, useId } from 'react';
import { Field } from '../../../components/field';
import { timeOptions } from '../utils/slot-options';
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
}: SlotPickerProps) {
  const id = useId();
  // The time chosen is listed even when the product's list lacks it.
  const options = timeOptions(date === '' ? undefined : slots.data?.items, {
    keep: time,
    current: current?.date === date ? current.time : undefined,
  });
  const freeCount = options.filter((o) => o.free).length;
  const describedBy = [`${id}-date-selected`, errors.date ? `${id}-date-error` : ''].filter(Boolean).join(' ');

  const hint =
    date === ''
      ? `Pick a date to see when ${cleanerName} is free.`
      : slots.isPending
        ? 'Checking availability...'
        : slots.isError
          ? 'Could not load availability; any time can be requested.'
          : freeCount === 0
            ? `${cleanerName} has no free time that day. Please pick another date.`
            : `${freeCount} free ${freeCount === 1 ? 'time' : 'times'}, in the cleaner's local time (${slots.data?.timeZone ?? timeZone}).`;

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
        />
        <p id={`${id}-date-selected`} className="field__hint" data-testid="selected-date">
          {date ? `Selected: ${longDayLabel(date)}` : 'No date selected'}
        </p>
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
