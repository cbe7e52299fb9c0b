/**
 * Policy facts (docs/product/booking-and-payments.md, docs/product/accounts.md) and the support
 * contact: the help centre, the safety, legal and contact pages and the chat assistant all read
 * them from here, so they never contradict each other.
 */
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_FEE_HOURS, RESCHEDULE_CLOSES_HOURS } from '../rules/cancellation';
import { MIN_DURATION_MINUTES } from '../rules/pricing';
import { DAMAGE_REPORT_HOURS } from '../rules/split';

export const SUPPORT_EMAIL = 'support@spotless.example';
export const SUPPORT_PHONE = '(555) 014-2273';
export const SUPPORT_PHONE_HREF = 'tel:+15550142273';
/** Eastern Time, whichever of EST or EDT is in force: the hours hold all year. */
export const SUPPORT_HOURS = ['Mon-Fri 8AM-8PM ET', 'Sat-Sun 9AM-6PM ET'] as const;

export const policy = {
  rescheduleFreeHours: RESCHEDULE_CLOSES_HOURS,
  freeCancellationHours: FREE_CANCELLATION_HOURS,
  /** Within the free window the cleaner keeps one hour at the booked rate, at most the total (decision 034). */
  lateCancellationFeeHours: LATE_CANCELLATION_FEE_HOURS,
  /** The split's rule: a job's payout waits this long for a report (decision 080). */
  damageReportHours: DAMAGE_REPORT_HOURS,
  supportResponseHours: 24,
  accountDataYearsAfterClosure: 3,
  serviceRecordYears: 7,
  minimumAge: 18,
  minimumBookingMinutes: MIN_DURATION_MINUTES,
  typicalSessionPrice: '$80-$150',
  /** A chat with the assistant held entirely while signed out is deleted this long after its last message. */
  anonymousChatRetentionDays: 30,
  /** A signed-in person's chats are deleted this long after their last message (or when they delete them). */
  accountChatRetentionDays: 365,
} as const;
