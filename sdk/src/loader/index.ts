/**
 * The loader (decision 050), which `embed.js` runs: the one tag a partner adds —
 * `<script src="https://HOST/embed.js" data-key="pk_…" async></script>`. A stub of a few hundred
 * bytes: it queues `Spotless(...)` calls and loads the widget code once, only when the page has a
 * `data-spotless` element or a call is made. The widget code is a module from the same origin,
 * imported by this script, so a page whose CSP trusts only this tag's nonce (`'strict-dynamic'`)
 * lets it load. A second copy of the tag changes nothing.
 */
interface Stub {
  (...args: unknown[]): void;
  q: unknown[][];
  v?: number;
}

declare global {
  interface Window {
    Spotless?: Stub;
  }
}

/**
 * Installs `window.Spotless` and loads the widgets when the page needs them. `embed.js` calls it
 * with its own tag's `data-key` and origin; an app bundling the npm package calls it itself.
 */
export function installLoader(options: { key: string; baseUrl: string }): void {
  const w = window;
  if (w.Spotless?.v) return;
  const { key, baseUrl } = options;
  const queue: unknown[][] = w.Spotless?.q ?? [];
  let started: { flush(): void } | undefined;
  let loading: Promise<unknown> | undefined;
  const load = () => {
    loading ??= import(`${baseUrl}/sdk/embed/widgets.js`)
      .then((m: { start: (c: object) => { flush(): void } }) => {
        started = m.start({ key, baseUrl, queue });
      })
      .catch(() => {
        loading = undefined;
      });
  };
  const stub: Stub = (...args: unknown[]) => {
    queue.push(args);
    if (started) started.flush();
    else load();
  };
  stub.q = queue;
  stub.v = 1;
  w.Spotless = stub;
  if (queue.length > 0) load();
  const check = () => {
    if (!loading && document.querySelector('[data-spotless]')) load();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  check();
}
