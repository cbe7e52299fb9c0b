/**
 * Policy facts of spec 01 §9 and the support contact, shared by the help center, the safety page,
 * the legal pages and the contact page so they never contradict each other.
 */
export const SUPPORT_EMAIL = 'support@spotless.example';
export const SUPPORT_PHONE = '(555) 014-2273';
export const SUPPORT_PHONE_HREF = 'tel:+15550142273';
export const SUPPORT_HOURS = ['Mon-Fri 8AM-8PM EST', 'Sat-Sun 9AM-6PM EST'] as const;

export const policy = {
  rescheduleFreeHours: 24,
  freeCancellationHours: 24,
  damageReportHours: 24,
  supportResponseHours: 24,
  accountDataYearsAfterClosure: 3,
  serviceRecordYears: 7,
  minimumAge: 18,
  minimumBookingMinutes: 30,
  typicalSessionPrice: '$80-$150',
} as const;
