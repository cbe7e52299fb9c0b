/**
 * What every e-mail must be (decision 072), as one check the template test and the flows' tests
 * share: a greeting by name, a sign-off, times for people, absolute links to pages that exist.
 */
import { isHostedPage } from '@spotless/sdk/rules';
import { SIGN_OFF } from '../notifications/email';

/** Paths an e-mail may link to besides the hosted pages: the API's own navigations. */
const API_NAVIGATIONS = new Set(['/api/guest-link']);

/** The URLs in a text (a sentence's final full stop is not part of one). */
export const urlsIn = (text: string) =>
  [...text.matchAll(/\bhttps?:\/\/[^\s<>"')]+/g)].map((m) => m[0].replace(/[.,;:]$/, ''));

/** Everything wrong with an e-mail, as readable lines; empty when it is right. */
export function emailProblems(email: { subject: string; body: string }, site: string): string[] {
  const problems: string[] = [];
  const { subject, body } = email;
  const lines = body.split('\n');
  if (!/^(Hi [^\s,]+,|Hello,)$/.test(lines[0] ?? '')) problems.push(`no greeting by first name: "${lines[0]}"`);
  if (!body.endsWith(SIGN_OFF)) problems.push('no sign-off');
  for (const url of urlsIn(body)) {
    const parsed = new URL(url);
    if (!url.startsWith(`${site}/`)) problems.push(`a link off the site ${site}: ${url}`);
    if (!isHostedPage(parsed.pathname) && !API_NAVIGATIONS.has(parsed.pathname))
      problems.push(`a link to no page: ${url}`);
  }
  const words = `${subject}\n${urlsIn(body).reduce((text, url) => text.replace(url, ''), body)}`;
  const checks: Array<[RegExp, string]> = [
    [/(^|[\s(])\/[a-z]/m, 'a relative link'],
    [/\b\d{4}-\d{2}-\d{2}\b/, 'an ISO date'],
    [/\b\d{1,2}:\d{2}\b(?! [AP]M)/, 'a 24-hour time'],
    [/\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+\b/, 'an IANA time zone'],
    [/\b(undefined|null|NaN)\b|\[object|\{\w*\}/, 'a blank filled with code'],
    [/\b[A-Z][a-z]+ [A-Z][a-z]+!|!\s*$|Payment Successful/m, 'a machine-style exclamation'],
    [/#\d/, 'a bare "#id"'],
  ];
  for (const [pattern, what] of checks) {
    const found = pattern.exec(words);
    if (found) problems.push(`${what}: "${found[0]}"`);
  }
  return problems;
}
