import { useQuery } from '@tanstack/react-query';
import { policy } from '../../../lib/policy';
import { Link } from '../../../lib/router';
import { payoutTermsQuery } from '../api/payout-terms.queries';
import { contactSection, LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account, booking a service or offering services on Spotless you agree to these terms and to our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, do not use Spotless.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least {policy.minimumAge} years old and able to form a binding contract to use Spotless, whether
        as a customer or as a cleaner. You are responsible for keeping your account details accurate and your sign-in
        secure.
      </p>
    ),
  },
  {
    id: 'marketplace',
    title: 'Our role',
    body: (
      <p>
        Spotless is a marketplace. Cleaners are independent professionals, not employees of Spotless; they set their own
        hourly rates and availability. We verify identities, run background checks and check insurance and bond
        documents, but the cleaning service itself is provided by the cleaner you book.
      </p>
    ),
  },
  {
    id: 'bookings-payments',
    title: 'Bookings and payments',
    body: (
      <>
        <p>
          The price of a booking is calculated from the cleaner’s hourly rate, the service and the duration, and is
          shown before you pay. Bookings have a minimum length of {policy.minimumBookingMinutes} minutes. Payment is
          taken by card through our payment partner when you book; a booking is confirmed once payment succeeds.
        </p>
        <p>All payments for services booked on Spotless must be made through Spotless.</p>
      </>
    ),
  },
  {
    id: 'rescheduling',
    title: 'Rescheduling',
    body: (
      <p>
        You may reschedule a booking free of charge up to {policy.rescheduleFreeHours} hours before its scheduled start.
        Later changes depend on the cleaner’s availability and agreement.
      </p>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations and refunds',
    body: (
      <>
        <p>
          Cancellations made {policy.freeCancellationHours} or more hours before the scheduled start are free, and any
          payment is refunded in full to the original card.
        </p>
        <p>
          Cancellations made within {policy.freeCancellationHours} hours of the scheduled start may incur the cleaner’s
          cancellation fee, which is shown on the booking. If a cleaner cancels, you are refunded in full.
        </p>
      </>
    ),
  },
  {
    id: 'damage',
    title: 'Damage and claims',
    body: (
      <p>
        Damage or loss must be reported within {policy.damageReportHours} hours of the end of the service, with “Report
        a problem” on the booking in My Bookings, with a description and, where possible, photos. The cleaner’s payout
        for the job is held while we review the claim with you and the cleaner, and with the cleaner’s insurer or bond
        where one applies; we then release the payout or refund part or all of what you paid, and tell you both. Claims
        reported later may not be accepted.
      </p>
    ),
  },
  {
    id: 'reviews',
    title: 'Reviews and content',
    body: (
      <p>
        Only customers with a completed booking may review a cleaner. Reviews must be honest, relevant and free of
        personal data, harassment or discrimination. We may remove content that breaks these rules.
      </p>
    ),
  },
  {
    id: 'cleaner-obligations',
    title: 'Obligations of cleaners',
    body: (
      <p>
        Cleaners must provide accurate application information and documents, keep any insurance and bond shown on their
        profile in force, arrive on time, perform the booked service with care, and follow all applicable laws.
      </p>
    ),
  },
  {
    id: 'cleaner-payments',
    title: 'Payments to cleaners',
    body: <CleanerPayments />,
  },
  {
    id: 'termination',
    title: 'Closing your account',
    body: (
      <p>
        You may close your account at any time; bookings already confirmed remain subject to these terms. We may suspend
        or close accounts that break these terms or put others at risk. After closure, account data is kept for{' '}
        {policy.accountDataYearsAfterClosure} years and service records for {policy.serviceRecordYears} years, as
        described in our Privacy Policy.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Spotless is not liable for indirect or consequential losses, and our total
        liability for any claim is limited to the amount you paid for the booking concerned. Nothing in these terms
        limits rights you have under consumer protection law.
      </p>
    ),
  },
  contactSection('Contact', 'Questions about these terms?'),
];

/** What a cleaner is paid and when, with the server's figures (decision 085): the fee is configuration. */
function CleanerPayments() {
  const terms = useQuery(payoutTermsQuery);
  const fee = terms.data ? `${terms.data.platformFeePercent}%` : 'a percentage';
  return (
    <p data-testid="terms-cleaner-payments">
      For each booking, Spotless keeps a platform fee of {fee} of what the customer pays and pays the rest to the
      cleaner’s connected payout account, {policy.damageReportHours} hours after the job ends unless the customer
      reports a problem in that time, in which case the payout waits until the report is resolved. See{' '}
      <Link to={'/help-center#cleaner-payouts'}>how cleaners are paid</Link>.
    </p>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 1, 2026"
      intro={
        <p>
          These terms govern your use of Spotless, the marketplace operated by Spotless Marketplace, Inc. that connects
          customers with independent cleaning professionals. Please read them carefully.
        </p>
      }
      sections={sections}
    />
  );
}
