import { isHostedPage } from '@spotless/sdk/rules';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Relative links of this site in a reply's text: `/cleaner/42`, `/cleaners?location=Denver`. */
const RELATIVE = /(?<![\w/.])\/[a-z0-9-]+(?:\/[A-Za-z0-9-]+)*(?:\?[^\s)\]]*)?(?:#[a-z0-9-]+)?/g;

/**
 * A reply's text as plain parts and links to the hosted app's pages (never HTML, so nothing in a
 * reply can become markup). A sentence's closing punctuation stays text.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(RELATIVE)) {
    const href = match[0].replace(/[.,;:!?—]+$/, '');
    const path = href.split(/[?#]/)[0] ?? href;
    if (!isHostedPage(path)) continue;
    const start = match.index ?? 0;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', href });
    at = start + href.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
