import { describe, expect, it } from 'vitest';
import { parsePageChunks, withPagePreloads } from './page-preloads';

const HTML = '<html><head><title>Spotless</title></head><body></body></html>';
const chunks = parsePageChunks(
  JSON.stringify({
    '/cleaner/:id': { js: ['/assets/profile-A1.js', '/assets/reviews-B2.js'], css: ['/assets/profile-C3.css'] },
    '/about': { js: ['/assets/about-D4.js', 'https://elsewhere.example/x.js', '/assets/"><script>.js'], css: [] },
  }),
);

describe('page preloads', () => {
  it('names the chunks of the page a path is, in its head', () => {
    const html = withPagePreloads(HTML, '/cleaner/42', chunks);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-A1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/reviews-B2.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/profile-C3.css">');
    expect(html.indexOf('profile-A1')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves other pages, unknown paths and a missing file as they are', () => {
    expect(withPagePreloads(HTML, '/cleaners', chunks)).toBe(HTML);
    expect(withPagePreloads(HTML, '/no-such-page', chunks)).toBe(HTML);
    expect(withPagePreloads(HTML, '/cleaner/42', undefined)).toBe(HTML);
  });

  it('keeps only files under /assets/', () => {
    expect(chunks['/about']?.js).toEqual(['/assets/about-D4.js']);
  });
});
