import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@spotless/sdk/help';
import { formatTime12, isHostedPage } from '@spotless/sdk/rules';

/**
 * What a reply may point to and contain (decision 047): links only to this site's pages, written
 * relative, and no contact details but support's. Both engines' text passes through here, and the
 * reply's `links.pages` and proposals are read from the cleaned text — so a button never goes
 * where the text does not, and neither goes off the site.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** North American phone numbers in their usual spellings (911 is too short to match). */
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g;
const URL_LIKE = /\b(?:https?:\/\/|www\.)[^\s<>()"'`]+/gi;
const digits = (text: string) => text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/**
 * The reply text as it may be shown: links to this site made relative, any other address removed,
 * and e-mail addresses and phone numbers other than support's replaced.
 */
export function cleanReplyText(text: string, siteOrigin: string | null): string {
  const supportPhone = digits(SUPPORT_PHONE);
  return text
    .replace(URL_LIKE, (raw) => {
      const trimmed = raw.replace(/[.,;:!?]+$/, '');
      const tail = raw.slice(trimmed.length);
      try {
        const url = new URL(trimmed.startsWith('www.') ? `https://${trimmed}` : trimmed);
        if (siteOrigin !== null && url.origin === siteOrigin && isHostedPage(url.pathname)) {
          return `${url.pathname}${url.search}${url.hash}${tail}`;
        }
      } catch {
        // not a URL after all: removed below like any other
      }
      return `(link removed)${tail}`;
    })
    .replace(EMAIL, (address) => (address.toLowerCase() === SUPPORT_EMAIL ? address : '(e-mail address removed)'))
    .replace(PHONE, (number) => (digits(number) === supportPhone ? number : '(phone number removed)'));
}

export type PageRel = 'cleaner' | 'listing' | 'booking' | 'bookings' | 'article' | 'page';

export interface PageRef {
  rel: PageRel;
  href: string;
  title: string;
}

export interface ProposalRef {
  cleanerId: number;
  serviceId: number | null;
  date: string;
  time: string;
  href: string;
}

/** Relative URLs of this site in a text: `/cleaner/42`, `/cleaners?…`, `/help-center#…`. */
const RELATIVE = /(?<![\w/.])\/(?:[a-z0-9-]+)(?:\/[A-Za-z0-9-]+)*(?:\?[^\s)\]]*)?(?:#[a-z0-9-]+)?/g;

const PAGE_TITLES: Record<string, string> = {
  '/dashboard': 'My Bookings',
  '/profile': 'Your profile',
  '/payments': 'Payments',
  '/help-center': 'Help Center',
  '/safety': 'Safety',
  '/contact': 'Contact support',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/how-it-works': 'How it works',
  '/apply-cleaner': 'Become a Cleaner',
  '/reviews': 'Reviews',
  '/search': 'Advanced search',
  '/about': 'About Spotless',
  '/login': 'Sign in',
};

/**
 * The pages a text links, in order and once each, titled from what the tools returned (a
 * cleaner's name) or the page's name; and the booking pages with a date and time, as proposals.
 */
export function pagesIn(
  text: string,
  titles: { cleaners: ReadonlyMap<number, string>; articles: ReadonlyMap<string, string> },
): { pages: PageRef[]; proposals: ProposalRef[] } {
  const pages: PageRef[] = [];
  const proposals: ProposalRef[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(RELATIVE)) {
    const href = match[0].replace(/[.,;:!?]+$/, '');
    if (seen.has(href)) continue;
    const url = new URL(href, 'http://site.invalid');
    if (!isHostedPage(url.pathname)) continue;
    seen.add(href);
    const page = describe(url, href, titles);
    if (!page) continue;
    pages.push(page);
    const booking = /^\/booking\/(\d+)(?:\/(\d+))?$/.exec(url.pathname);
    const date = url.searchParams.get('date');
    const time = url.searchParams.get('time');
    if (booking && date && time && /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time)) {
      proposals.push({
        cleanerId: Number(booking[1]),
        serviceId: booking[2] ? Number(booking[2]) : null,
        date,
        time,
        href,
      });
    }
  }
  return { pages, proposals };
}

function describe(
  url: URL,
  href: string,
  titles: { cleaners: ReadonlyMap<number, string>; articles: ReadonlyMap<string, string> },
): PageRef | null {
  const cleaner = /^\/cleaner\/(\d+)$/.exec(url.pathname);
  if (cleaner) {
    const id = Number(cleaner[1]);
    return { rel: 'cleaner', href, title: titles.cleaners.get(id) ?? `Cleaner #${id}` };
  }
  const booking = /^\/booking\/(\d+)/.exec(url.pathname);
  if (booking) {
    const name = titles.cleaners.get(Number(booking[1]));
    // "Book Amara Patel at 8:00 AM": the time the link opens with, in the cleaner's own zone.
    const time = url.searchParams.get('time');
    const when = time && /^\d{2}:\d{2}$/.test(time) ? ` at ${formatTime12(time)}` : '';
    return { rel: 'booking', href, title: name ? `Book ${name}${when}` : `Book this cleaner${when}` };
  }
  if (url.pathname === '/cleaners' || url.pathname === '/') {
    // A listing with a search in it shows what matched; the bare listing is everyone.
    return { rel: 'listing', href, title: url.search ? 'See all matching cleaners' : 'Browse all cleaners' };
  }
  if (url.pathname === '/dashboard') {
    return {
      rel: 'bookings',
      href,
      title: url.searchParams.get('tab') === 'regular' ? 'Regular cleanings' : 'My Bookings',
    };
  }
  if (url.pathname === '/cleaner-dashboard') {
    const tab = url.searchParams.get('tab');
    const title = tab === 'payouts' ? 'Earnings & Payouts' : tab === 'bookings' ? 'Your jobs' : 'Cleaner Dashboard';
    return { rel: 'page', href, title };
  }
  const article = url.hash ? titles.articles.get(url.hash.slice(1)) : undefined;
  if (article) return { rel: 'article', href, title: article };
  const title = PAGE_TITLES[url.pathname];
  return title ? { rel: 'page', href, title } : null;
}
