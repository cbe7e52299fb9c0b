import { parse } from 'regexparam';
import { matchRoute } from 'wouter';

/** The params of `pattern` (`/cleaner/:id`, `:name?` optional) at `pathname`, or undefined when it does not match — the router's own rule. */
export function matchPath(pattern: string, pathname: string): Record<string, string | undefined> | undefined {
  const [matches, params] = matchRoute(parse, pattern, pathname);
  return matches ? (params ?? {}) : undefined;
}

/** A route param that is a positive whole number (an id), or undefined. */
export function idParam(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}
