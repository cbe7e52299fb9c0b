import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';

/**
 * A partner's page on another origin, as the widget tests need it (decision 050): a popular CSS
 * framework's global styles (Bootstrap), hostile `!important` rules on the widgets' elements, and a
 * strict CSP whose only allowance is the nonce on the loader's own tag. Every CSP violation the page
 * sees is kept in `window.__violations`, every widget event in `window.__events`.
 */

const bootstrap = readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
export const NONCE = 'r4nd0m-n0nce-for-the-test';
export const DEMO_KEY = 'pk_demo_sunrise_realty';

export interface HostPage {
  url: string;
  close(): Promise<void>;
}

/** Hostile rules a careless host page might have: none of them may reach inside a widget. */
export const HOSTILE_CSS = `
  body { font-family: Georgia, serif; }
  [data-spotless] { color: rgb(255, 0, 0) !important; line-height: 3 !important; letter-spacing: 4px !important;
    word-spacing: 9px !important; text-transform: uppercase !important; font-size: 30px !important;
    font-style: italic !important; text-align: right !important; }
  button, input, select { border-radius: 0 !important; padding: 30px !important; }
  .overlay { position: fixed; top: 0; left: 0; right: 0; height: 40px; z-index: 2147483647; background: #222; color: #fff; }
  .cover { position: fixed; right: 0; bottom: 0; width: 480px; height: 600px; z-index: 2147483647; background: rgba(0, 0, 0, 0.2); }
`;

function page(api: string, body: string, options: { hostile: boolean; key: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sunrise Realty — 12 Oak Street</title>
${options.hostile ? `<link rel="stylesheet" href="/bootstrap.min.css" nonce="${NONCE}">\n<style nonce="${NONCE}">${HOSTILE_CSS}</style>` : `<style nonce="${NONCE}">body { font-family: Georgia, serif; }</style>`}
<script nonce="${NONCE}">
  window.__violations = [];
  window.__events = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
  for (const name of ['ready', 'search', 'booking:created', 'payment:succeeded', 'chat:message', 'error']) {
    document.addEventListener('spotless:' + name, (e) => window.__events.push({ name, detail: e.detail }));
  }
  window.__listeners = 0;
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (...args) => { window.__listeners++; return add(...args); };
    target.removeEventListener = (...args) => { window.__listeners--; return remove(...args); };
  }
  window.__baseline = window.__listeners;
</script>
<script src="${api}/embed.js" data-key="${options.key}" async nonce="${NONCE}"></script>
</head>
<body>
${options.hostile ? '<div class="overlay">Sunrise Realty</div>' : ''}
<main class="container">
${body}
</main>
</body>
</html>`;
}

/** Starts the host page server on a loopback port (another origin than the API's). */
export async function startHostPage(
  api: string,
  pages: Record<string, { body: string; hostile?: boolean; stripe?: boolean; key?: string }>,
): Promise<HostPage> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/bootstrap.min.css') {
      res.writeHead(200, { 'content-type': 'text/css' }).end(bootstrap);
      return;
    }
    const entry = pages[path];
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': [
          "default-src 'none'",
          `script-src 'nonce-${NONCE}' 'strict-dynamic'`,
          `style-src 'nonce-${NONCE}'`,
          // With Stripe, exactly what the SDK README tells partners to allow (the script itself
          // is let in by 'strict-dynamic': the widget's own code adds it).
          `connect-src ${api}${entry.stripe ? ' https://api.stripe.com' : ''}`,
          ...(entry.stripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
          "img-src 'self' data:",
          "base-uri 'none'",
          "form-action 'none'",
        ].join('; '),
      })
      .end(page(api, entry.body, { hostile: entry.hostile ?? true, key: entry.key ?? DEMO_KEY }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no host page port');
  return {
    // `localhost` rather than the API's 127.0.0.1: another origin, still one the demo partner allows.
    url: `http://localhost:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // A browser still open may hold kept-alive connections, which close() would wait for.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
