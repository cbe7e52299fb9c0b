import { formatDuration, formatTime12 } from './format';

/**
 * A booking that does not fit where it starts (decision 071): the slot engine knows how long the
 * cleaner is free from that start (up to their next booking or the end of their hours), so a longer
 * duration that no longer fits says how much time there is, not that the time is taken. The server's
 * 409 `not_enough_time` and the booking page say the same words.
 *
 * @example
 * notEnoughTimeMessage(240, 120, '10:00') // 'Needs 4 hr; only 2 hr free from 10:00 AM: choose a shorter duration or another time'
 */
export function notEnoughTimeMessage(neededMinutes: number, freeMinutes: number, fromTime24: string): string {
  return `Needs ${formatDuration(neededMinutes)}; only ${formatDuration(freeMinutes)} free from ${formatTime12(fromTime24)}: choose a shorter duration or another time`;
}

/** Whether a start with `freeMinutes` free is one a shorter booking could take, but not this one. */
export function tooLongForItsStart(neededMinutes: number, freeMinutes: number | undefined): freeMinutes is number {
  return freeMinutes !== undefined && freeMinutes > 0 && freeMinutes < neededMinutes;
}
