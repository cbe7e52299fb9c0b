/**
 * The hosted app's routing, on wouter (decision 058): the few things the pages use — links, a
 * navigate function, the location, the query string as URLSearchParams, route params, a redirect —
 * under the names the pages already know. Pages import from here, never from the router library,
 * so the library stays one file's business.
 */
import { type AnchorHTMLAttributes, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Redirect, useRouter, useLocation as useWouterLocation, Link as WouterLink } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

export { Route, Router, Switch, useParams } from 'wouter';

export interface NavigateOptions {
  replace?: boolean;
  /**
   * Leave the scroll position as it is: the address is only put right (the listing writes what it
   * applied), or the page scrolls where it means to itself (a new page of results).
   */
  keepScroll?: boolean;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path on this site, with its query and hash if any. */
  to: string;
  replace?: boolean;
  children?: ReactNode;
};

/** An `<a href>` that navigates inside the app on a plain click (a modified click opens as usual). */
export function Link({ to, ...props }: LinkProps) {
  return <WouterLink href={to} {...props} />;
}

/** Navigates to a path on this site: `navigate('/profile', { replace: true })`. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useWouterLocation()[1];
  return useMemo(() => withScrollChoice(navigate), [navigate]);
}

/** A navigate function that records `keepScroll` for ScrollToTop once the history entry is made. */
function withScrollChoice(navigate: (to: string, options?: { replace?: boolean }) => void) {
  return (to: string, { keepScroll, ...options }: NavigateOptions = {}) => {
    navigate(to, options);
    // The history event (below) has just said 'push'; this navigation asks to keep the scroll.
    if (keepScroll) lastNavigation = 'keep';
  };
}

/** The query string exactly as the address bar holds it (wouter's `useSearch` decodes it once more). */
function useRawSearch(): string {
  const router = useRouter();
  const search: string = router.searchHook(router);
  return search === '' || search.startsWith('?') ? search : `?${search}`;
}

const currentHash = () => location.hash;
const noHash = () => '';

/** Where the app is: `pathname`, `search` (with its `?`, or '') and `hash` (with its `#`, or ''). */
export function useLocation(): { pathname: string; search: string; hash: string } {
  const [pathname] = useWouterLocation();
  const search = useRawSearch();
  const hash = useLocationProperty(currentHash, noHash);
  return useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
}

/** The query string as URLSearchParams, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] {
  const [pathname, wouterNavigate] = useWouterLocation();
  const search = useRawSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    withScrollChoice(wouterNavigate)(query ? `${pathname}?${query}` : pathname, options);
  };
  return [params, set];
}

/** Navigates as soon as it renders (a redirect inside the app). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}

/**
 * How the app got to the current entry: a back or forward button, a link or `navigate`, or a
 * `navigate` that keeps the scroll position (`keepScroll`).
 */
let lastNavigation: 'travel' | 'push' | 'keep' = 'push';
if (typeof window !== 'undefined') {
  // wouter reports its own pushState and replaceState calls as events of those names.
  window.addEventListener('popstate', () => {
    lastNavigation = 'travel';
  });
  for (const name of ['pushState', 'replaceState']) {
    window.addEventListener(name, () => {
      lastNavigation = 'push';
    });
  }
}

/** How long a `#id` link waits for its element: a lazily loaded page renders it after the address changes. */
const HASH_WAIT_MS = 5_000;

/**
 * Scrolls to the element a `#id` names — at once if it is there, else as soon as the page renders
 * it (an assistant's link to `/privacy-policy#retention` opens a page still loading). Returns the
 * cleanup that stops waiting.
 */
function scrollToHash(hash: string): (() => void) | undefined {
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return undefined;
  }
  const found = document.getElementById(id);
  if (found) {
    found.scrollIntoView();
    return undefined;
  }
  const observer = new MutationObserver(() => {
    const element = document.getElementById(id);
    if (!element) return;
    stop();
    element.scrollIntoView();
  });
  const timer = setTimeout(() => stop(), HASH_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * A new page starts at its top (a link, `navigate`); going back or forward leaves the scroll to the
 * browser, which restores where the reader was, and so does a `navigate` with `keepScroll`. A link
 * to `#id` scrolls to that element.
 */
export function ScrollToTop() {
  const { pathname, search, hash } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new address, which `search` is part of
  useEffect(() => {
    const reload = first.current;
    first.current = false;
    if (lastNavigation === 'travel' || lastNavigation === 'keep') return;
    if (hash) return scrollToHash(hash);
    // A reload keeps the position the browser restores.
    if (!reload) window.scrollTo(0, 0);
  }, [pathname, search, hash]);
  return null;
}
