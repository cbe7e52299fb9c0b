import { isHostedPage } from '../rules/pages';
import type { ChatPageLink, ChatProposal } from '../schemas/chat';

/**
 * A reply's links, read once for every renderer of the chat (the hosted app's bubble and the
 * partner's widget): the hosted pages its text names, and its buttons. Framework-free: each
 * renderer decides only where a link goes (a route of the app, the booking widget, a new tab).
 */

export type ReplyPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Relative links of the hosted site in a reply's text: `/cleaner/42`, `/cleaners?location=Denver`. */
const RELATIVE = /(?<![\w/.])\/[a-z0-9-]+(?:\/[A-Za-z0-9-]+)*(?:\?[^\s)\]]*)?(?:#[a-z0-9-]+)?/g;

/**
 * A reply's text as plain parts and the hosted pages it names (never HTML, so nothing in a reply
 * can become markup). A sentence's closing punctuation stays text, and a path that is none of the
 * hosted pages (`/api/…`, a typo) stays text too.
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

/** A button of a reply: a proposed booking (the primary) or a page, with its title. */
export interface ReplyLink {
  href: string;
  title: string;
  primary: boolean;
  /** What a page is (`cleaner`, `listing`, …); none for a proposal. */
  rel?: ChatPageLink['rel'];
}

/**
 * The buttons of a reply: its proposals (`actions.proposals`) first, then its other pages
 * (`links.pages`) — each address once, so a proposal's page is not offered twice.
 */
export function replyLinks(entry: { pages: readonly ChatPageLink[]; proposals: readonly ChatProposal[] }): ReplyLink[] {
  const seen = new Set<string>();
  const links: ReplyLink[] = [];
  for (const proposal of entry.proposals) {
    if (seen.has(proposal.page.href)) continue;
    seen.add(proposal.page.href);
    links.push({ href: proposal.page.href, title: proposal.title, primary: true });
  }
  for (const page of entry.pages) {
    if (seen.has(page.href)) continue;
    seen.add(page.href);
    links.push({ href: page.href, title: page.title ?? page.href, primary: false, rel: page.rel });
  }
  return links;
}
