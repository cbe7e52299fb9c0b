import { createServer } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { signInAsAdmin, signInWithForm } from './browser';

/**
 * The other sites and the signed-in victim of the browser-defence files (browser-cookies-csrf.e2e.ts,
 * browser-cors-headers.e2e.ts).
 *
 * Other sites are one loopback server reached under several names: `localhost` is another site
 * than the API's `127.0.0.1` (SameSite keeps the cookie home), `127.0.0.1` on another port is the
 * same site but another origin (the cookie goes along, so only the Origin check stands), and
 * `*.example` names resolve to it inside Chromium, so a hostile page is loopback like the API and
 * only CORS, not Chromium's local-network rules, decides what it may read.
 */

/** Chromium's flag resolving the `*.example` names to loopback, where the attacker server listens. */
export const EXAMPLE_TO_LOOPBACK = '--host-resolver-rules=MAP *.example 127.0.0.1';

export interface Attacker {
  sameSite: string;
  crossSite: string;
  evil: string;
  partnerSite: string;
  otherPartnerSite: string;
  suffixSite: string;
  /** Serves an attack page under every name; answers its path. */
  attackPage(html: string, headers?: Record<string, string>): string;
}

/**
 * The attacker server for this test file, closed after the file's own hooks. Call it after
 * `useBrowser`: the browser may still hold connections to it, so they are closed first.
 */
export async function useAttacker(): Promise<Attacker> {
  /** Attack pages by path; every name the attacker server is reached by serves the same ones. */
  const attackPages = new Map<string, { html: string; headers?: Record<string, string> }>();
  let pageCounter = 0;
  const attacker = createServer((req, res) => {
    const entry = attackPages.get((req.url ?? '/').split('?')[0] ?? '/');
    if (!entry) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...entry.headers }).end(entry.html);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    // The browser may still hold connections to it (it closes after this file's own hooks).
    attacker.closeAllConnections();
    await new Promise<void>((resolve) => attacker.close(() => resolve()));
  });
  const address = attacker.address();
  if (!address || typeof address === 'string') throw new Error('no attacker port');
  const port = address.port;
  return {
    sameSite: `http://127.0.0.1:${port}`,
    crossSite: `http://localhost:${port}`,
    evil: `http://evil.example:${port}`,
    partnerSite: `http://partner.example:${port}`,
    otherPartnerSite: `http://other.example:${port}`,
    suffixSite: `http://partner.example.evil.example:${port}`,
    attackPage(html, headers) {
      const path = `/attack-${++pageCounter}`;
      attackPages.set(path, {
        html: `<!doctype html><html lang="en"><title>Not Spotless</title><body>${html}`,
        headers,
      });
      return path;
    },
  };
}

/** The Set-Cookie lines of the hosted app's two sign-ins, as Chromium received them. */
export interface SetCookie {
  user: string;
  admin: string;
}

/**
 * The victim: signed in as the demo customer and as the administrator, in one browser profile
 * whose pages record their CSP violations in `window.__violations`.
 */
export async function signInVictim(
  browser: Browser,
  baseUrl: string,
): Promise<{ victim: BrowserContext; setCookie: SetCookie }> {
  const victim = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await victim.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const setCookie: SetCookie = { user: '', admin: '' };
  const page = await victim.newPage();
  const user = await signInWithForm(page, baseUrl, 'customer@example.com');
  setCookie.user = (await user.headerValue('set-cookie')) ?? '';
  const [admin] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${baseUrl}/api/admin/login`),
    signInAsAdmin(page, baseUrl),
  ]);
  setCookie.admin = (await admin.headerValue('set-cookie')) ?? '';
  await page.close();
  return { victim, setCookie };
}

/** Runs `fetch` in another site's page; answers what the page could read (nothing, when CORS refuses). */
export async function fetchFrom(
  page: Page,
  url: string,
  init: RequestInit,
): Promise<{ readable: false } | { readable: true; status: number; body: string }> {
  return page.evaluate(
    async ([url, init]) => {
      try {
        const res = await fetch(url, init);
        return { readable: true as const, status: res.status, body: await res.text() };
      } catch {
        return { readable: false as const };
      }
    },
    [url, init] as const,
  );
}
