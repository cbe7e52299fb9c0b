/*
 * A booking's time is written on its cleaner's clock, the zone named when the viewer's reads
 * differently. The rule lives in the SDK's rules (sdk/src/rules/booking-time.ts), once for the
 * hosted app and the partners' widgets.
 */
export { bookingDateTimeLabel, bookingTimeLabel, timeZoneShortName, viewerTimeZone } from '@spotless/sdk';

/**
 * A moment that is not a booking's (a payout's, a key's grace end) on the viewer's own clock, with
 * the zone named so it is never read on another: "November 28, 2026, 3:05 AM CST".
 */
export function momentLabel(instant: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(instant));
}
