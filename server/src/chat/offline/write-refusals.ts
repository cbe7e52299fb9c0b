import { FREE_CANCELLATION_HOURS, RESCHEDULE_CLOSES_HOURS } from '@spotless/sdk/rules';

/** What the offline engine answers when asked to act: where the person can do it themselves. */
export function writeRefusal(what: string): string {
  const where: Record<string, string> = {
    book: "I can't book for you, but I can find a cleaner and their free times, and you confirm on the booking page. Tell me the city, or open a cleaner's profile and choose Book Now: /cleaners",
    cancel: `I can't cancel bookings for you. You can cancel it yourself from My Bookings (/dashboard): cancelling ${FREE_CANCELLATION_HOURS} hours or more before the start is free; later, the cleaner's fee of one hour at the booked rate is kept.`,
    refund: `I can't issue refunds. Cancelling ${FREE_CANCELLATION_HOURS} hours or more before the start refunds a paid booking in full; for anything else, contact our support team: /contact`,
    pay: "I can't make payments for you. Pay for a booking securely from My Bookings (/dashboard) with your card.",
    reschedule: `I can't change bookings for you. You can reschedule free of charge up to ${RESCHEDULE_CLOSES_HOURS} hours before the start from My Bookings: /dashboard`,
    other:
      "I can't make changes for you, but I can point you to where you can: My Bookings (/dashboard) or your profile (/profile).",
  };
  return where[what] ?? (where.other as string);
}
