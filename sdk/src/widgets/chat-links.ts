import type { ChatEntry, ChatProposal } from '../chat/index';
import { type ReplyLink, type ReplyPart, replyLinks } from '../chat/reply-links';

/**
 * Where a chat reply's link goes inside a partner's page (docs/partners.md): a cleaner, or a
 * booking the assistant proposes, opens the partner's own booking widget — for that cleaner, and
 * that service, day and time when proposed — and any other page, which has no widget, opens on the
 * hosted site, whole, in a new tab.
 */
export type ChatTarget =
  | { kind: 'booking'; cleanerId: number; serviceId?: number; date?: string; time?: string }
  | { kind: 'page'; href: string };

/** A link of a reply (`replyLinks`, as the hosted bubble lists them) and where it goes on a partner's page. */
export interface ChatLink extends ReplyLink {
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

/** The links of a reply, in the hosted bubble's order (`replyLinks`), each with where it goes here. */
export function chatLinks(entry: Pick<ChatEntry, 'pages' | 'proposals'>, base: string): ChatLink[] {
  return replyLinks(entry).map((link) => ({ ...link, target: chatTarget(link.href, entry.proposals, base) }));
}

/**
 * A reply's text names a page before its address ("See all matching cleaners: /cleaners?…"), and the
 * widget shows the address as the page's title: a title already said just before is not said twice.
 * "See all matching cleaners: /cleaners?…" reads as the one link, and a cleaner's line links their
 * name where it says it.
 */
export function plainer(
  parts: ReplyPart[],
  links: ReadonlyArray<{ href: string; title: string; rel?: string | undefined }>,
): Array<ReplyPart & { label?: string }> {
  const out: Array<ReplyPart & { label?: string }> = [];
  for (const part of parts) {
    const before = out.at(-1);
    const link = part.kind === 'link' ? links.find((l) => l.href === part.href) : undefined;
    if (part.kind !== 'link' || !link || before?.kind !== 'text') {
      out.push(part);
      continue;
    }
    // "See all matching cleaners: …", "Book 8:00 AM: …" before a link titled the same way: the link alone.
    const start = before.text.slice(before.text.lastIndexOf('\n') + 1);
    const label = start.endsWith(': ') ? start.slice(0, -2) : '';
    if (label && (label === link.title || label.split(' ')[0] === link.title.split(' ')[0])) {
      out[out.length - 1] = { kind: 'text', text: before.text.slice(0, -(label.length + 2)) };
      out.push(part);
      continue;
    }
    // "1. Amara Patel — ★5.0 …: /cleaner/25": the name, where the line says it, is the link.
    const name = link.title.replace(/^Book /, '').replace(/ at .*$/, '');
    const at = before.text.lastIndexOf(name);
    if (name && at >= 0 && at > before.text.lastIndexOf('\n')) {
      const rest = before.text.slice(at + name.length).replace(/:\s*$/, '');
      out[out.length - 1] = { kind: 'text', text: before.text.slice(0, at) };
      out.push({ ...part, label: name });
      if (rest) out.push({ kind: 'text', text: rest });
      continue;
    }
    out.push(part);
  }
  return out;
}
