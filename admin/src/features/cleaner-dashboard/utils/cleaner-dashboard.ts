import { calendarDayLabel, formatTime12 } from '@spotless/sdk';

/** What the dashboard reads of a job. */
export interface JobLike {
  status: string;
  createdAt: string;
  startsAt: string;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The overview lists the 5 latest bookings (docs/product/cleaners.md) — the ones made most recently. */
export function latestJobs<T extends JobLike>(jobs: readonly T[], count = 5): T[] {
  return [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, count);
}

/** Jobs still to do (pending, confirmed, in progress) first, soonest first; then the rest, latest first. */
export function orderJobs<T extends JobLike>(jobs: readonly T[]): T[] {
  const open = (s: string) => s === 'pending' || s === 'confirmed' || s === 'in_progress';
  return [...jobs].sort((a, b) => {
    if (open(a.status) !== open(b.status)) return open(a.status) ? -1 : 1;
    return open(a.status) ? a.startsAt.localeCompare(b.startsAt) : b.startsAt.localeCompare(a.startsAt);
  });
}

/** The weekday (0 = Sunday) of a YYYY-MM-DD date, as the cleaner's weekly hours number them. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y as number, (m as number) - 1, d as number)).getUTCDay();
}

/** Today's date in a time zone, YYYY-MM-DD (the date picker blocks the days before it). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}

/** "87%" or "—" before any booking ended. */
export function percentText(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}

/** "4.67" → "4.7", or "—" before the first review. */
export function ratingText(value: number | null): string {
  return value === null ? '—' : value.toFixed(1);
}

/** The date, or `min` when it is earlier (YYYY-MM-DD strings compare as dates). */
export function notBefore(date: string, min: string): string {
  if (date < min) return min;
  return date;
}

/** A span of weekly hours for people: '9:00 AM–5:00 PM' (the API's 24-hour 'HH:MM' stays in the forms). */
export function hoursText(startTime: string, endTime: string): string {
  return `${formatTime12(startTime)}–${formatTime12(endTime)}`;
}

/** A time-off entry's days for people: 'Tue, Dec 1', or 'Tue, Dec 1 – Thu, Dec 3'. */
export function timeOffSpanText(item: { startDate: string; endDate: string }): string {
  const start = calendarDayLabel(item.startDate);
  return item.startDate === item.endDate ? start : `${start} – ${calendarDayLabel(item.endDate)}`;
}

/** What the calendar reads of a job: whose it is and what. */
interface SlotJob {
  id: number;
  service: { name: string };
  customer: { firstName: string | null } | null;
}

/**
 * A booked slot in the calendar, for its cleaner: 'Booked · Maria · Deep Cleaning' from the job
 * that holds it (the customer's first name and the service); 'Booked' when the slot names no job
 * the dashboard has read.
 */
export function slotBookingText(slot: { bookingId: number | null }, jobs: readonly SlotJob[]): string {
  const job = slot.bookingId === null ? undefined : jobs.find((j) => j.id === slot.bookingId);
  if (!job) return slot.bookingId === null ? 'Booked' : `Booked · booking #${slot.bookingId}`;
  return `Booked · ${job.customer?.firstName || 'Guest'} · ${job.service.name}`;
}
