import type { ChatEntry, ChatProposal } from '../chat/index';
import { isHostedPage } from '../rules/pages';

/**
 * Where a chat reply's link goes inside a partner's page (docs/partners.md): a cleaner, or a
 * booking the assistant proposes, opens the partner's own booking widget — for that cleaner, and
 * that service, day and time when proposed — and any other page, which has no widget, opens on the
 * hosted site, whole, in a new tab.
 */
export type ChatTarget =
  | { kind: 'booking'; cleanerId: number; serviceId?: number; date?: string; time?: string }
  | { kind: 'page'; href: string };

/** A link of a reply: a proposal (the primary) or a page, its title and where it goes. */
export interface ChatLink {
  href: string;
  title: string;
  primary: boolean;
  target: ChatTarget;
}

const CLEANER = /^\/cleaner\/(\d+)$/;
const BOOKING = /^\/booking\/(\d+)(?:\/(\d+))?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** A proposal's filled-in field, by name. */
function fieldValue(proposal: ChatProposal, name: string): unknown {
  return proposal.fields.find((field) => field.name === name)?.value;
}

/** The booking a proposal fills in: its cleaner, service, day and time. */
function proposed(proposal: ChatProposal): ChatTarget | null {
  const cleanerId = Number(fieldValue(proposal, 'cleanerId'));
  if (!Number.isInteger(cleanerId) || cleanerId <= 0) return null;
  const serviceId = Number(fieldValue(proposal, 'serviceId'));
  const date = fieldValue(proposal, 'scheduledDate');
  const time = fieldValue(proposal, 'scheduledTime');
  return {
    kind: 'booking',
    cleanerId,
    ...(Number.isInteger(serviceId) && serviceId > 0 ? { serviceId } : {}),
    ...(typeof date === 'string' && DATE.test(date) ? { date } : {}),
    ...(typeof time === 'string' && TIME.test(time) ? { time } : {}),
  };
}

/**
 * Where a link of a reply goes on a partner's page: the proposal it is the page of, a cleaner's
 * profile or a booking page as the booking widget, anything else as the hosted page's whole address.
 */
export function chatTarget(href: string, proposals: readonly ChatProposal[], base: string): ChatTarget {
  const proposal = proposals.find((p) => p.page.href === href);
  const fromProposal = proposal ? proposed(proposal) : null;
  if (fromProposal) return fromProposal;
  const url = new URL(href, base);
  const cleaner = CLEANER.exec(url.pathname);
  if (cleaner) return { kind: 'booking', cleanerId: Number(cleaner[1]) };
  const booking = BOOKING.exec(url.pathname);
  if (booking) {
    const date = url.searchParams.get('date');
    const time = url.searchParams.get('time');
    return {
      kind: 'booking',
      cleanerId: Number(booking[1]),
      ...(booking[2] ? { serviceId: Number(booking[2]) } : {}),
      ...(date && DATE.test(date) ? { date } : {}),
      ...(date && time && TIME.test(time) ? { time } : {}),
    };
  }
  return { kind: 'page', href: url.href };
}

/** The links of a reply: its proposals (`actions.proposals`), then its other pages (`links.pages`), each once. */
export function chatLinks(entry: Pick<ChatEntry, 'pages' | 'proposals'>, base: string): ChatLink[] {
  const proposed = new Set(entry.proposals.map((p) => p.page.href));
  return [
    ...entry.proposals.map((p) => ({
      href: p.page.href,
      title: p.title,
      primary: true,
      target: chatTarget(p.page.href, entry.proposals, base),
    })),
    ...entry.pages
      .filter((page) => !proposed.has(page.href))
      .map((page) => ({
        href: page.href,
        title: page.title ?? page.href,
        primary: false,
        target: chatTarget(page.href, entry.proposals, base),
      })),
  ];
}

export type ReplyPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Relative links of the hosted site in a reply's text: `/cleaner/42`, `/cleaners?location=Denver`. */
const RELATIVE = /(?<![\w/.])\/[a-z0-9-]+(?:\/[A-Za-z0-9-]+)*(?:\?[^\s)\]]*)?(?:#[a-z0-9-]+)?/g;

/**
 * A reply's text as plain parts and the hosted pages it names, as the hosted bubble reads it (never
 * HTML, so nothing in a reply can become markup). A sentence's closing punctuation stays text.
 */
export function replyParts(text: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let at = 0;
  for (const match of text.matchAll(RELATIVE)) {
    const href = match[0].replace(/[.,;:!?—]+$/, '');
    if (!isHostedPage(href.split(/[?#]/)[0] ?? href)) continue;
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
