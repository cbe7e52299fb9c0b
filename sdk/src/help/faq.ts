import { policy, SUPPORT_EMAIL, SUPPORT_PHONE } from './policy';

export interface FaqEntry {
  /** Stable, for links (`/help-center#<id>`) and the assistant's sources. */
  id: string;
  question: string;
  answer: string;
}

export interface FaqGroup {
  title: string;
  entries: FaqEntry[];
}

const fee = `one hour at the booked hourly rate (never more than the booking total)`;

/** The help centre's questions (docs/product/discovery.md), in its four groups. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    title: 'Getting Started',
    entries: [
      {
        id: 'how-it-works',
        question: 'How does Spotless work?',
        answer:
          'Search for cleaners by location and service type, compare their ratings, hourly rates and credentials, then book a date and time and pay securely by card. After the job is completed you can rate and review your cleaner.',
      },
      {
        id: 'account-to-browse',
        question: 'Do I need an account to browse cleaners?',
        answer:
          'No. Anyone can browse cleaners, read profiles and reviews, and use the help pages. You sign in when you book your first service, which creates your account.',
      },
      {
        id: 'minimum-age',
        question: 'Who can use Spotless?',
        answer: `You must be at least ${policy.minimumAge} years old to create an account, book a service or work as a cleaner on Spotless.`,
      },
      {
        id: 'become-a-cleaner',
        question: 'How do I become a cleaner on Spotless?',
        answer:
          'Sign in and apply from the Become a Cleaner page. Tell us about your experience, services and coverage areas, and upload your documents. Our team reviews applications within 2-3 business days.',
      },
    ],
  },
  {
    title: 'Booking & Scheduling',
    entries: [
      {
        id: 'how-to-book',
        question: 'How do I book a cleaner?',
        answer: `Open a cleaner's profile and choose Book Now. Pick a service, date and time, enter your address and any special instructions, then pay by card to confirm. The minimum booking length is ${policy.minimumBookingMinutes} minutes.`,
      },
      {
        id: 'reschedule',
        question: 'Can I reschedule a booking?',
        answer: `Yes. You can reschedule free of charge up to ${policy.rescheduleFreeHours} hours before the scheduled start time from My Bookings. Closer to the visit, contact your cleaner or our support team.`,
      },
      {
        id: 'cancellation-policy',
        question: 'What is the cancellation policy?',
        answer: `Cancellations made ${policy.freeCancellationHours} or more hours before the scheduled start are free and a paid booking is refunded in full. Cancellations within ${policy.freeCancellationHours} hours of the start may incur the cleaner's cancellation fee: ${fee}; the rest is refunded to your card.`,
      },
      {
        id: 'cleaner-late',
        question: 'What if my cleaner is running late or cannot make it?',
        answer: `Your cleaner will contact you directly. If you cannot reach them, contact support at ${SUPPORT_PHONE} and we will help you reschedule or find another professional.`,
      },
    ],
  },
  {
    title: 'Payments & Pricing',
    entries: [
      {
        id: 'cost',
        question: 'How much does a cleaning cost?',
        answer: `Each cleaner sets an hourly rate, shown on their profile. The price of a booking depends on the rate, the service and its duration, and is shown in full before you pay. Most sessions cost between ${policy.typicalSessionPrice}.`,
      },
      {
        id: 'how-to-pay',
        question: 'How do I pay?',
        answer:
          'You pay by credit or debit card when you book, through our secure payment partner. Card details are encrypted and never stored on Spotless servers.',
      },
      {
        id: 'cancellation-charge',
        question: 'Will I be charged if I cancel?',
        answer: `Not if you cancel ${policy.freeCancellationHours} or more hours before the start: that cancellation is free. Within ${policy.freeCancellationHours} hours of the start, the cleaner's cancellation fee may apply: ${fee}. A cleaner who declines and a cancellation by our team are always free.`,
      },
      {
        id: 'tipping',
        question: 'Can I tip my cleaner?',
        answer: 'Tips are always welcome and always optional. Cleaners keep 100% of their tips.',
      },
    ],
  },
  {
    title: 'Safety & Trust',
    entries: [
      {
        id: 'background-checks',
        question: 'Are cleaners background-checked?',
        answer:
          'Yes. Every cleaner passes an identity verification and a background check before they can accept bookings. Look for the Verified badge on their profile.',
      },
      {
        id: 'insured-bonded',
        question: 'Are cleaners insured and bonded?',
        answer:
          'Many professionals carry liability insurance and a bond. Their profile shows Insured and Bonded badges when their documents have been checked by our team.',
      },
      {
        id: 'damage',
        question: 'What if something is damaged during a cleaning?',
        answer: `Use Report a problem on the booking in My Bookings within ${policy.damageReportHours} hours of the end of the service, with photos if you can. The cleaner's payout waits while we review it with you both; then we release it or refund part or all of what you paid.`,
      },
      {
        id: 'support-response',
        question: 'How quickly does support respond?',
        answer: `Our support team responds to every message within ${policy.supportResponseHours} hours. Write to ${SUPPORT_EMAIL} or call ${SUPPORT_PHONE}. In an emergency, call 911 first.`,
      },
    ],
  },
];
