import { type Email, letter, link, shortDayText } from './email';

/**
 * The notice of new messages on a booking (decision 087): how many, from whom, and a link to the
 * thread. It never carries a message's text, so contact details masked in the thread before the
 * booking is paid are not sent by e-mail either.
 */
export interface MessageNoticeFacts {
  bookingId: number;
  serviceName: string;
  startsAt: Date;
  timeZone: string;
  /** The recipient's first name, and the writer's. */
  firstName: string | null;
  fromName: string;
  /** New messages from the writer in this notice's window. */
  count: number;
  /** The recipient's page: the customer's dashboard or the cleaner's. */
  page: '/dashboard' | '/cleaner-dashboard';
  /** Whether the booking is still unpaid, so contact details in the thread are hidden. */
  contactDetailsHidden: boolean;
}

export function messageNoticeEmail(site: string, facts: MessageNoticeFacts): Email {
  const messages = facts.count === 1 ? 'a new message' : `${facts.count} new messages`;
  const when = shortDayText(facts.startsAt, facts.timeZone);
  return {
    subject: `${facts.fromName} sent you ${messages} about your booking on ${when}`,
    body: letter(facts.firstName, [
      `${facts.fromName} sent you ${messages} about ${facts.serviceName} on ${when} (booking number ${facts.bookingId}).`,
      `Read and reply on Spotless: ${link(site, facts.page, { booking: String(facts.bookingId), tab: 'messages' })}`,
      facts.contactDetailsHidden &&
        'For your safety, keep your conversation on Spotless: e-mail addresses and phone numbers are hidden until the booking is paid.',
    ]),
  };
}
