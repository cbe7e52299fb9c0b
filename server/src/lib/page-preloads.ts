import { hostedPageOf } from '@spotless/sdk/rules';

/** admin/dist/page-chunks.json (scripts/page-chunks.mjs): each lazily loaded page's files beyond the first download. */
export type PageChunks = Record<string, { js: readonly string[]; css: readonly string[] }>;

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
 * The hosted app's HTML for `pathname`, naming the files its page loads lazily
 * (`<link rel="modulepreload">`, `<link rel="preload" as="style">`) so the browser fetches them
 * beside the entry rather than after the entry has run (decision 059). Other paths get the HTML as
 * it is.
 */
export function withPagePreloads(html: string, pathname: string, chunks: PageChunks | undefined): string {
  const page = hostedPageOf(pathname);
  const files = page ? chunks?.[page] : undefined;
  if (!files || (files.js.length === 0 && files.css.length === 0)) return html;
  const links = [
    ...files.js.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...files.css.map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
  ].join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
