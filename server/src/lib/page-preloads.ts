import { type HostedPage, hostedPageOf } from '@spotless/sdk/rules';

/** admin/dist/page-chunks.json (scripts/page-chunks.mjs): each lazily loaded page's files beyond the first download. */
export type PageChunks = Record<string, { js: readonly string[]; css: readonly string[] }>;

/**
 * The reads a page waits on before it can show its main content, as API paths over the page's
 * route params: the server names them in the page's HTML so the browser starts them beside the
 * app's code (decision 059). Each must be the exact URL the page's own query asks for.
 */
export const PAGE_READS: Partial<Record<HostedPage, readonly string[]>> = {
  '/cleaner/:id': ['/api/cleaners/{id}'],
  '/booking/:cleanerId/:serviceId?': ['/api/cleaners/{cleanerId}'],
};

/** The API paths of PAGE_READS for a path, with its params filled in; none unless every param used is an id. */
export function pageReads(pathname: string): string[] {
  const page = hostedPageOf(pathname);
  const reads = page ? PAGE_READS[page] : undefined;
  if (!page || !reads) return [];
  const names = page.split('/').filter(Boolean);
  const values = pathname.split('/').filter(Boolean);
  const params = new Map(names.map((name, i) => [name.replace(/^:|\?$/g, ''), values[i]]));
  return reads.flatMap((template) => {
    let ok = true;
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params.get(name);
      if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) ok = false;
      return value ?? '';
    });
    return ok ? [path] : [];
  });
}

const SAFE_PATH = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** Reads page-chunks.json, keeping only paths under /assets/ (it is build output, but it goes into HTML). */
export function parsePageChunks(text: string): PageChunks {
  const parsed = JSON.parse(text) as Record<string, { js?: unknown; css?: unknown }>;
  const files = (list: unknown) =>
    Array.isArray(list) ? list.filter((f) => typeof f === 'string' && SAFE_PATH.test(f)) : [];
  return Object.fromEntries(
    Object.entries(parsed).map(([page, { js, css }]) => [page, { js: files(js), css: files(css) }]),
  );
}

/**
 * The hosted app's HTML for `pathname`, naming what its page will ask for — the API reads it
 * waits on (`PAGE_READS`) and the files it loads lazily — so the browser fetches them beside the
 * entry rather than after the entry has run (decision 059). Other paths get the HTML as it is;
 * without `reads`, the page's files only (its reads are known to answer 404).
 */
export function withPagePreloads(
  html: string,
  pathname: string,
  chunks: PageChunks | undefined,
  { reads = true }: { reads?: boolean } = {},
): string {
  const page = hostedPageOf(pathname);
  const files = (page ? chunks?.[page] : undefined) ?? { js: [], css: [] };
  // The app's API client sends cookies (`credentials: 'include'`): a preload is used only when it
  // asks the same way, hence `use-credentials`.
  const links = [
    ...(reads ? pageReads(pathname) : []).map(
      (path) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`,
    ),
    ...files.js.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...files.css.map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
  ];
  if (links.length === 0) return html;
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}
