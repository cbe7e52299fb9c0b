import { policy, SUPPORT_EMAIL } from '../../../lib/policy';
import { contactSection, LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect the information you give us and the information created when you use Spotless:</p>
        <ul>
          <li>Account details: your name, e-mail address, phone number and profile photo.</li>
          <li>
            Booking details: service addresses, dates and times, special instructions, and the messages you exchange
            with cleaners and support.
          </li>
          <li>
            Payment details: the amount, status and the last four digits of your card. Full card numbers are collected
            and processed by our payment partner, never by Spotless.
          </li>
          <li>Reviews, ratings and photos you post.</li>
          <li>
            For cleaners: application details, identity, insurance and bond documents, and background-check results.
          </li>
          <li>Technical data: device and browser type, IP address, and the pages you visit.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <ul>
        <li>To create and secure your account, and to confirm that you are at least {policy.minimumAge}.</li>
        <li>To match you with cleaners, arrange bookings and process payments and refunds.</li>
        <li>To vet cleaners, prevent fraud and keep the platform safe.</li>
        <li>To answer support requests and resolve damage claims.</li>
        <li>To send service messages such as booking confirmations and reminders.</li>
        <li>With your consent, to send marketing e-mails about offers and new features.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <p>
          We share only what is needed: a cleaner you book sees your name, service address and booking notes; our
          payment partner receives what it needs to process your payment; and service providers that host our systems or
          send our e-mails act on our instructions under contract.
        </p>
        <p>
          We may disclose information when the law requires it or to protect the safety of our users. We do not sell
          your personal information.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <ul>
        <li>
          Account data is kept while your account is open and for {policy.accountDataYearsAfterClosure} years after you
          close it, so we can answer questions and resolve disputes about past activity.
        </li>
        <li>
          Service records (bookings, payments, refunds and reviews) are kept for {policy.serviceRecordYears} years, to
          meet tax, accounting and legal obligations.
        </li>
        <li>
          Conversations with the Spotless assistant held entirely while signed out are deleted{' '}
          {policy.anonymousChatRetentionDays} days after their last message. A signed-in person’s conversations,
          including one continued after signing in, are deleted {policy.accountChatRetentionDays} days after their last
          message, at once when you delete your chat history from your profile, and with your account.
        </li>
        <li>
          Marketing data is removed when you opt out of marketing communications. We keep only the record of your
          opt-out, so that we never contact you again by mistake.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices and rights',
    body: (
      <>
        <p>
          You can view and update your account details from your profile at any time. You can opt out of marketing
          e-mails with the unsubscribe link in any message or by contacting us; service messages about your bookings
          will continue while you have an account.
        </p>
        <p>
          You may ask for a copy of your data, or for its correction or deletion, by writing to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Some records must be kept for the periods above even
          after a deletion request.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Age requirement',
    body: (
      <p>
        Spotless is only for people aged {policy.minimumAge} or older. We do not knowingly collect information from
        anyone under {policy.minimumAge}; if we learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encryption in transit, hashed session tokens, access controls and regular
        reviews of who can see what. No system is perfectly secure, so please use a strong password and tell us at once
        if you suspect misuse of your account.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy we will update the date above, and for significant changes we will notify you by e-mail
        or in the app before they take effect.
      </p>
    ),
  },
  contactSection('Contact us', 'Questions about your privacy?'),
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 1, 2026"
      intro={
        <p>
          This policy explains what information Spotless Marketplace, Inc. (“Spotless”, “we”) collects when you use our
          website and apps, how we use and share it, how long we keep it, and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
