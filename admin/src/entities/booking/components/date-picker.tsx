import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { isDateDisabled, monthWeeks, toIsoDate } from '../utils/slot-options';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' });

function parseIso(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function addDays(iso: string, days: number): string {
  const date = parseIso(iso);
  date.setDate(date.getDate() + days);
  return toIsoDate(date);
}

/** A spoken date, e.g. 'Wednesday, November 25, 2026'. */
export function longDayLabel(iso: string): string {
  return dayFormat.format(parseIso(iso));
}

interface DatePickerProps {
  value: string;
  onChange: (isoDate: string) => void;
  /** The field's name, shown as the group's legend. */
  legend: string;
  describedBy?: string;
  invalid?: boolean;
  /** A day the cleaner never works: it cannot be picked, and is read out as a day off. */
  isDayOff?: (isoDate: string) => boolean;
}

/** The day a calendar key moves to: arrows by day and week, Page Up/Down by month; null for other keys. */
function keyTarget(key: string, iso: string): string | null {
  const d = parseIso(iso);
  switch (key) {
    case 'ArrowLeft':
      return addDays(iso, -1);
    case 'ArrowRight':
      return addDays(iso, 1);
    case 'ArrowUp':
      return addDays(iso, -7);
    case 'ArrowDown':
      return addDays(iso, 7);
    case 'PageUp':
      return toIsoDate(new Date(d.getFullYear(), d.getMonth() - 1, d.getDate()));
    case 'PageDown':
      return toIsoDate(new Date(d.getFullYear(), d.getMonth() + 1, d.getDate()));
    default:
      return null;
  }
}

/**
 * An inline month calendar (past days and the cleaner's days off disabled, weeks start on Sunday:
 * docs/product/booking-and-payments.md). One day button is in the tab order; the arrow keys move by
 * day and week, Page Up/Down by month, passing over days that cannot be picked.
 */
export function DatePicker({ value, onChange, legend, describedBy, invalid, isDayOff }: DatePickerProps) {
  const today = toIsoDate(new Date());
  // A past day is past, whatever its weekday.
  const dayOff = (iso: string) => !isDateDisabled(iso, today) && (isDayOff?.(iso) ?? false);
  const closed = (iso: string) => isDateDisabled(iso, today) || dayOff(iso);
  /** The first day from `iso` on, a day at a time in `step`'s direction, that can be picked (never a past one). */
  const open = (iso: string, step: 1 | -1): string => {
    let day = iso;
    let direction = step;
    for (let i = 0; i < 21 && closed(day); i++) {
      if (isDateDisabled(day, today)) {
        day = today;
        direction = 1;
      } else day = addDays(day, direction);
    }
    return day;
  };
  const [focusDay, setFocusDay] = useState(value || today);
  const [month, setMonth] = useState(() => {
    const d = parseIso(value || today);
    return { year: d.getFullYear(), month: d.getMonth() };
  });
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDay}"]`)?.focus();
  });

  const goTo = (iso: string, focus: boolean) => {
    const d = parseIso(iso);
    setFocusDay(iso);
    setMonth({ year: d.getFullYear(), month: d.getMonth() });
    moveFocus.current = focus;
  };
  const shiftMonth = (delta: number) => {
    const d = new Date(month.year, month.month + delta, 1);
    setMonth({ year: d.getFullYear(), month: d.getMonth() });
    const target = toIsoDate(d);
    setFocusDay(isDateDisabled(target, today) ? today : open(target, 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, iso: string) => {
    const next = keyTarget(event.key, iso);
    if (next === null) return;
    event.preventDefault();
    goTo(isDateDisabled(next, today) ? open(today, 1) : open(next, next < iso ? -1 : 1), true);
  };

  const weeks = monthWeeks(month.year, month.month);
  const visible = weeks.flat().filter((d): d is string => d !== null);
  const tabbable = visible.includes(focusDay) && !closed(focusDay) ? focusDay : undefined;
  const firstEnabled = visible.find((d) => !closed(d));
  const canGoBack = toIsoDate(new Date(month.year, month.month, 0)) >= today;

  return (
    <fieldset
      className={invalid ? 'date-picker is-invalid' : 'date-picker'}
      aria-describedby={describedBy}
      data-testid="date-picker"
    >
      <legend className="field__label">{legend}</legend>
      <div className="date-picker__header">
        <button
          type="button"
          className="icon-button date-picker__nav"
          aria-label="Previous month"
          onClick={() => shiftMonth(-1)}
          disabled={!canGoBack}
        >
          ‹
        </button>
        <p id={titleId} className="date-picker__title" aria-live="polite">
          {monthFormat.format(new Date(month.year, month.month, 1))}
        </p>
        <button
          type="button"
          className="icon-button date-picker__nav"
          aria-label="Next month"
          onClick={() => shiftMonth(1)}
        >
          ›
        </button>
      </div>
      <table ref={gridRef} className="date-picker__grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" abbr={day}>
                {day.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((iso, i) =>
                iso === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty cells have no identity beyond their column
                  <td key={`empty-${i}`} />
                ) : (
                  <td key={iso}>
                    <button
                      type="button"
                      data-date={iso}
                      className={dayOff(iso) ? 'date-picker__day date-picker__day--off' : 'date-picker__day'}
                      aria-label={dayOff(iso) ? `${longDayLabel(iso)}, day off` : longDayLabel(iso)}
                      aria-pressed={iso === value}
                      aria-current={iso === today ? 'date' : undefined}
                      disabled={closed(iso)}
                      tabIndex={iso === (tabbable ?? firstEnabled) ? 0 : -1}
                      onClick={() => {
                        onChange(iso);
                        setFocusDay(iso);
                      }}
                      onKeyDown={(event) => onKeyDown(event, iso)}
                    >
                      {Number(iso.slice(8))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
