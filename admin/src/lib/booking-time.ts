/*
 * A booking's time is written on its cleaner's clock, the zone named when the viewer's reads
 * differently. The rule lives in the SDK's rules (sdk/src/rules/booking-time.ts), once for the
 * hosted app and the partners' widgets.
 */
export { bookingDateTimeLabel, bookingTimeLabel, timeZoneShortName, viewerTimeZone } from '@spotless/sdk';
