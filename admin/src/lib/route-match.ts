import { parse } from 'regexparam';
import { matchRoute } from 'wouter';

/** The params of `pattern` (`/cleaner/:id`, `:name?` optional) at `pathname`, or undefined when it does not match — the router's own rule. */
export function matchPath(pattern: string, pathname: string): Record<string, string | undefined> | undefined {
  const [matches, params] = matchRoute(parse, pattern, pathname);
  return matches ? (params ?? {}) : undefined;
}
