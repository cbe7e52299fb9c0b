import { policy, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../lib/policy';

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqGroup {
  title: string;
  entries: FaqEntry[];
}

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    title: 'Getting Started',
    entries: [
      {
        question: 'How does Spotless work?',
        answer:
          'Search for cleaners by location and service type, compare their ratings, hourly rates and credentials, then book a date and time and pay securely by card. After the job is completed you can rate and review your cleaner.',
      },
      {
        question: 'Do I need an account to browse cleaners?',
        answer:
          'No. Anyone can browse cleaners, read profiles and reviews, and use the help pages. You sign in when you book your first service, which creates your account.',
      },
      {
        question: 'Who can use Spotless?',
        answer: `You must be at least ${policy.minimumAge} years old to create an account, book a service or work as a cleaner on Spotless.`,
      },
      {
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
        question: 'How do I book a cleaner?',
        answer: `Open a cleaner's profile and choose Book Now. Pick a service, date and time, enter your address and any special instructions, then pay by card to confirm. The minimum booking length is ${policy.minimumBookingMinutes} minutes.`,
      },
      {
        question: 'Can I reschedule a booking?',
        answer: `Yes. You can reschedule free of charge up to ${policy.rescheduleFreeHours} hours before the scheduled start time from My Bookings. Closer to the visit, contact your cleaner or our support team.`,
      },
      {
        question: 'What is the cancellation policy?',
        answer: `Cancellations made ${policy.freeCancellationHours} or more hours before the scheduled start are free. Cancellations within ${policy.freeCancellationHours} hours of the start may incur the cleaner's cancellation fee.`,
      },
      {
        question: 'What if my cleaner is running late or cannot make it?',
        answer: `Your cleaner will contact you directly. If you cannot reach them, contact support at ${SUPPORT_PHONE} and we will help you reschedule or find another professional.`,
      },
    ],
  },
  {
    title: 'Payments & Pricing',
    entries: [
      {
        question: 'How much does a cleaning cost?',
        answer: `Each cleaner sets an hourly rate, shown on their profile. The price of a booking depends on the rate, the service and its duration, and is shown in full before you pay. Most sessions cost between ${policy.typicalSessionPrice}.`,
      },
      {
        question: 'How do I pay?',
        answer:
          'You pay by credit or debit card when you book, through our secure payment partner. Card details are encrypted and never stored on Spotless servers.',
      },
      {
        question: 'Will I be charged if I cancel?',
        answer: `No, if you cancel ${policy.freeCancellationHours} or more hours before the start: the cancellation is free. Within ${policy.freeCancellationHours} hours of the start, the cleaner's cancellation fee may apply.`,
      },
      {
        question: 'Can I tip my cleaner?',
        answer: 'Tips are always welcome and always optional. Cleaners keep 100% of their tips.',
      },
    ],
  },
  {
    title: 'Safety & Trust',
    entries: [
      {
        question: 'Are cleaners background-checked?',
        answer:
          'Yes. Every cleaner passes an identity verification and a background check before they can accept bookings. Look for the Verified badge on their profile.',
      },
      {
        question: 'Are cleaners insured and bonded?',
        answer:
          'Many professionals carry liability insurance and a bond. Their profile shows Insured and Bonded badges when their documents have been checked by our team.',
      },
      {
        question: 'What if something is damaged during a cleaning?',
        answer: `Report the damage to support within ${policy.damageReportHours} hours of the service, with photos if you can. We will work with you and the cleaner to resolve the claim.`,
      },
      {
        question: 'How quickly does support respond?',
        answer: `Our support team responds to every message within ${policy.supportResponseHours} hours. Write to ${SUPPORT_EMAIL} or call ${SUPPORT_PHONE}. In an emergency, call 911 first.`,
      },
    ],
  },
];

/**
 * Keeps the entries whose question or answer contains every word of the query (case-insensitive),
 * and drops groups left empty.
 */
export function filterFaq(groups: readonly FaqGroup[], query: string): FaqGroup[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => {
        const text = `${entry.question} ${entry.answer}`.toLowerCase();
        return terms.every((term) => text.includes(term));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}
