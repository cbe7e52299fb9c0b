import { policy, SUPPORT_EMAIL } from '@spotless/sdk/help';
import { formatMoney } from '@spotless/sdk/rules';
import { dayText, type Email, letter, link, sentence } from './email';

/**
 * The account and payment e-mails (decision 072): confirming an address, a password reset, the
 * security notices, and a refund. Links carrying a token open on the site the person asked from.
 */

/** "Confirm your address": a single-use link, good for 24 hours. */
export function verifyEmailEmail(site: string, input: { firstName: string | null; token: string }): Email {
  return {
    subject: 'Confirm your email address for Spotless',
    body: letter(input.firstName, [
      `Please confirm that this email address is yours by opening this link within 24 hours:\n${link(site, '/verify-email', { token: input.token })}`,
      'Until you do, we cannot use it to help you back into your account, and you cannot link Google or GitHub sign-in to it.',
      "If you didn't create a Spotless account, you can ignore this email.",
    ]),
  };
}

/** A password reset link, good for one hour. */
export function passwordResetEmail(site: string, input: { firstName: string | null; token: string }): Email {
  return {
    subject: 'Reset your Spotless password',
    body: letter(input.firstName, [
      `We received a request to reset your Spotless password. Choose a new one by opening this link within one hour:\n${link(site, '/reset-password', { token: input.token })}`,
      "If you didn't ask for this, you can ignore this email: your password stays as it is.",
    ]),
  };
}

/** The notice of a new password: every other sign-in ended. */
export function passwordChangedEmail(site: string, input: { firstName: string | null }): Email {
  return {
    subject: 'Your Spotless password was changed',
    body: letter(input.firstName, [
      'Your Spotless password was just changed, and you were signed out everywhere else.',
      `If you didn't do this, reset your password now: ${link(site, '/forgot-password')}`,
    ]),
  };
}

/** To the old address when an account's e-mail address changes. */
export function emailChangedEmail(site: string, input: { firstName: string | null; newEmail: string }): Email {
  return {
    subject: 'The email address of your Spotless account was changed',
    body: letter(input.firstName, [
      `The email address of your Spotless account is now ${input.newEmail}. From now on, we will write to that address.`,
      `If you didn't do this, contact us right away: ${link(site, '/contact')}`,
    ]),
  };
}

/**
 * An account whose address was never confirmed, now proved by someone else's word (a provider's
 * sign-in, a guest booking's link): its password was removed and its other sign-ins ended.
 */
export function addressProvenEmail(
  site: string,
  input: { firstName: string | null; subject: string; provenBy: string },
): Email {
  return {
    subject: input.subject,
    body: letter(input.firstName, [
      input.provenBy,
      'This account’s email address had never been confirmed, so we removed its password and signed it out everywhere else.',
      `To use a password again, choose “Forgot password?” on the sign-in page: ${link(site, '/forgot-password')}`,
    ]),
  };
}

/** A refund that went through, to the booking's customer. */
export function refundEmail(
  site: string,
  input: {
    firstName: string | null;
    amountCents: number;
    booking: { id: number; startsAt: Date; timeZone: string };
    /**
     * The automatic refund of a cancelled booking, and the cleaner's fee it kept (with `withdrawn`,
     * the cleaner withdrew from it); else an administrator's.
     */
    cancellation: { keptCents: number; withdrawn?: boolean } | null;
    /** The administrator's reason, if they gave one. */
    reason: string | null;
  },
): Email {
  const { booking, cancellation } = input;
  const amount = formatMoney(input.amountCents);
  return {
    subject: `We've refunded ${amount} to your card`,
    body: letter(input.firstName, [
      `We've refunded ${amount} to your card for your booking of ${dayText(booking.startsAt, booking.timeZone)} (booking number ${booking.id}). Banks take 5 to 10 business days to show it.`,
      cancellation?.withdrawn
        ? 'Your cleaner withdrew from this booking, so all of it is refunded.'
        : cancellation
          ? cancellation.keptCents > 0
            ? `This is the money back for the booking you cancelled, less the cleaner's fee of ${formatMoney(cancellation.keptCents)}.`
            : 'This is the money back for your cancelled booking.'
          : input.reason && `Reason: ${sentence(input.reason)}`,
      `Your payments: ${link(site, '/payments')}`,
    ]),
  };
}

/**
 * What happens after a cancellation's refund was refused by the card's bank (decision 075), in the
 * words the booking's details and the e-mail both use: support is told at once and returns the money.
 */
export function refundFailedNextStep(amountCents: number): string {
  return `The refund of ${formatMoney(amountCents)} to your card did not go through: your card's bank refused it. You don't need to do anything: our support team has been told and will write to you within ${policy.supportResponseHours} hours to return the money another way. Questions: ${SUPPORT_EMAIL}.`;
}

/** A cancellation's refund the card's bank refused, to the booking's customer (decision 075). */
export function refundFailedEmail(
  site: string,
  input: {
    firstName: string | null;
    amountCents: number;
    booking: { id: number; startsAt: Date; timeZone: string };
  },
): Email {
  const { booking } = input;
  const amount = formatMoney(input.amountCents);
  return {
    subject: `Your refund of ${amount} did not go through`,
    body: letter(input.firstName, [
      `We tried to refund ${amount} to your card for your cancelled booking of ${dayText(booking.startsAt, booking.timeZone)} (booking number ${booking.id}).`,
      refundFailedNextStep(input.amountCents),
      `Your bookings: ${link(site, '/dashboard')}`,
    ]),
  };
}

/** The same refused refund, to the support inbox: who is owed what, and where to return it. */
export function refundFailedSupportEmail(
  site: string,
  input: { customerEmail: string; amountCents: number; bookingId: number; paymentId: number; error: string | null },
): Email {
  const amount = formatMoney(input.amountCents);
  return {
    subject: `[Refund failed] Booking ${input.bookingId}: ${amount} to return`,
    body: letter(null, [
      `The automatic refund of ${amount} for cancelled booking ${input.bookingId} (payment ${input.paymentId}) was refused by the card's bank${input.error ? `: ${sentence(input.error)}` : '.'}`,
      `The customer, ${input.customerEmail}, has been told we will write within ${policy.supportResponseHours} hours to return the money another way. The payments page can refund the card again: ${link(site, '/payments')}`,
    ]),
  };
}
