import { FAQ_GROUPS } from './faq';
import { policy, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from './policy';

/**
 * What the assistant knows about the product: every help-centre answer, and the safety, privacy,
 * contact and service facts of the informational pages, each with the page a person reads it on.
 * `terms` are words people use for it that the text does not (the offline engine ranks on both).
 */
export interface HelpArticle {
  id: string;
  title: string;
  text: string;
  /** The hosted page that says it, e.g. `/help-center` or `/privacy-policy`. */
  href: string;
  terms?: string;
}

const FAQ_TERMS: Record<string, string> = {
  'how-it-works': 'how work use platform start begin getting started',
  'account-to-browse': 'sign up register login browse without account',
  'minimum-age': 'age old adult minor teenager 18 eighteen years',
  'become-a-cleaner': 'apply job work join cleaner career application',
  'how-to-book': 'book booking schedule reserve appointment hire shortest minimum length short',
  reschedule: 'reschedule move change date time postpone push later another day week appointment',
  'cancellation-policy': 'cancel cancellation cancelling canceling refund policy fee notice without paying penalty',
  'cleaner-late': 'late no show missing absent running late shown arrive arrived yet',
  cost: 'cost price prices pricing expensive cheap rate charge how much',
  'how-to-pay': 'pay payment card credit debit cash method',
  'cancellation-charge': 'charged fee cancel cancellation refund money back notice penalty',
  tipping: 'tip tips gratuity',
  'background-checks': 'background check criminal vetted screened trust safe verified',
  'insured-bonded': 'insurance insured bond bonded liability covered',
  damage: 'damage damaged broke broken stolen claim accident',
  'support-response': 'support help respond response reply contact',
};

export const HELP_ARTICLES: readonly HelpArticle[] = [
  ...FAQ_GROUPS.flatMap((group) =>
    group.entries.map((entry) => ({
      id: entry.id,
      title: entry.question,
      text: entry.answer,
      href: `/help-center#${entry.id}`,
      terms: `${group.title} ${FAQ_TERMS[entry.id] ?? ''}`,
    })),
  ),
  {
    id: 'emergency',
    title: 'What do I do in an emergency?',
    text: `If anyone is in danger or a crime is in progress, call 911 first. Then call our safety and support hotline at ${SUPPORT_PHONE} so we can help.`,
    href: '/safety',
    terms: 'emergency danger urgent police fire ambulance hurt injured unsafe threat 911 hotline',
  },
  {
    id: 'support-hours',
    title: 'When is support open and how do I reach it?',
    text: `Support is open ${SUPPORT_HOURS.join(' and ')}. Write to ${SUPPORT_EMAIL}, call ${SUPPORT_PHONE} or use the contact form; we respond within ${policy.supportResponseHours} hours.`,
    href: '/contact',
    terms: 'hours open contact phone email call reach talk human agent person customer service weekend',
  },
  {
    id: 'data-retention',
    title: 'How long do you keep my data?',
    text: `Account data is kept while your account is open and for ${policy.accountDataYearsAfterClosure} years after you close it. Service records (bookings, payments, refunds and reviews) are kept for ${policy.serviceRecordYears} years. Marketing data is removed when you opt out. Chats with this assistant held entirely while signed out are deleted ${policy.anonymousChatRetentionDays} days after their last message; a signed-in person's chats, including one continued after signing in, ${policy.accountChatRetentionDays} days after their last message, at once when you delete your chat history from your profile, and with your account.`,
    href: '/privacy-policy#retention',
    terms:
      'privacy data retention keep delete deletion personal information gdpr store stored chat history how long years',
  },
  {
    id: 'data-sharing',
    title: 'Do you sell or share my information?',
    text: 'We do not sell your personal information. A cleaner you book sees your name, service address and booking notes; our payment partner receives what it needs to process your payment.',
    href: '/privacy-policy#sharing',
    terms: 'sell share privacy third party information personal data',
  },
  {
    id: 'secure-payments',
    title: 'Are payments secure?',
    text: 'Payments are processed by our PCI-compliant payment partner over encrypted connections. Card numbers are never stored on Spotless servers, and you never pay cash.',
    href: '/safety',
    terms: 'secure safe payment card fraud encrypted pci',
  },
  {
    id: 'reviews',
    title: 'How do reviews work?',
    text: 'Only customers with a completed booking can review a cleaner, so ratings reflect real jobs. After your cleaning is completed, leave a rating from 1 to 5 stars and a comment from My Bookings. Reviews that break our rules can be reported.',
    href: '/reviews',
    terms: 'review reviews rating rate stars feedback comment report fake',
  },
  {
    id: 'safety-tips',
    title: 'How do I stay safe before, during and after a cleaning?',
    text: `Before: read the cleaner's profile, badges and reviews, put away valuables and medication, and keep all communication and payment inside Spotless. During: confirm the cleaner's name matches your booking and walk through priorities together; if anything feels wrong you may end the visit and contact support. After: check the work, report any damage within ${policy.damageReportHours} hours, and review your cleaner.`,
    href: '/safety',
    terms: 'safety safe tips valuables trust stranger home security',
  },
  {
    id: 'services',
    title: 'What services do you offer?',
    text: `Eight services in two groups. For homes: Regular House Cleaning, Deep Cleaning, Move-in/Move-out Cleaning, Window Cleaning and Carpet & Upholstery Refresh. For businesses: Office Cleaning, Commercial Cleaning and Post-Construction Cleaning (by cleaners who do commercial work). Each cleaner sets an hourly rate; most sessions cost between ${policy.typicalSessionPrice}.`,
    href: '/how-it-works',
    terms: 'services service types offer house home residential deep office commercial move out move in moving',
  },
  {
    id: 'guest-booking',
    title: 'I booked as a guest on a partner’s site: how do I change or cancel it?',
    text: `The e-mail confirming your booking has a link that opens it on Spotless without a password: cancel or change it there, under the same ${policy.freeCancellationHours}-hour rule. Lost the e-mail or the link has expired? Open the link anyway, or the sign-in page, and choose "Send me a new link".`,
    href: '/login',
    terms: 'guest booked without account partner site link email manage cancel change',
  },
  {
    id: 'refund-status',
    title: 'Where is my refund?',
    text: 'A refund goes back to the card you paid with as soon as the booking is cancelled (or our team refunds it); your Payments page shows each payment and whether it was refunded. Banks usually show it within 5–10 business days. Not there after that? Contact support with the booking number.',
    href: '/payments',
    terms: 'refund where arrive status bank received yet',
  },
  {
    id: 'home-access',
    title: 'How does the cleaner get in, and what about my pets?',
    text: "Write it in the booking's special instructions: how to get in (a lockbox or door code, a concierge, where a key is) and about your pets (a nervous or big dog kept in a room, or a friendly cat to expect). Only your cleaner sees them, and you can change them from My Bookings until the visit. A lockbox beats a key under the mat; being home for a first visit is safest.",
    href: '/dashboard',
    terms:
      'key keys lockbox door code get in access let in entry not home away work pets pet dog dogs cat cats animals instructions',
  },
  {
    id: 'supplies',
    title: 'Do cleaners bring their own supplies?',
    text: "Cleaners bring their own supplies and equipment, so you need not provide any unless you arrange otherwise. Want your own products used (fragrance-free, eco-friendly, for allergies or delicate surfaces), or does the job need something special, such as a ladder for high windows? Write it in the booking's special instructions: only your cleaner sees them, and you can change them from My Bookings until the visit.",
    href: '/dashboard',
    terms:
      'supplies supply equipment products product vacuum mop bring own chemicals cleaning products eco friendly fragrance free allergies ladder',
  },
  {
    id: 'profile-details',
    title: 'How do I change my name, e-mail address, phone number or password?',
    text: 'On your profile page: edit your first and last name, e-mail address or phone number and save (changing your e-mail asks for your current password), and change your password in the security card below them.',
    href: '/profile',
    terms: 'change update edit my name details profile account settings',
  },
  {
    id: 'delete-account',
    title: 'How do I delete my account or my chat history?',
    text: `You can delete your chat history with this assistant at any time from your profile. To close your account or ask for a copy of your data, write to ${SUPPORT_EMAIL}; some records are kept for the periods in our privacy policy.`,
    href: '/profile',
    terms: 'delete remove close account erase chat history forget',
  },
];
