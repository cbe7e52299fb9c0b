import { describe, expect, it } from 'vitest';
import { pageReads, parsePageChunks, withPagePreloads } from './page-preloads';

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

  it('starts the API reads the page waits on, sent with its cookies as the app’s client sends them', () => {
    const html = withPagePreloads(HTML, '/cleaner/42', chunks);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/cleaners/42">');
    expect(withPagePreloads(HTML, '/cleaner/4x2', chunks)).not.toContain('as="fetch"');
  });

  it('leaves other pages, unknown paths and a missing file as they are', () => {
    expect(withPagePreloads(HTML, '/cleaners', chunks)).toBe(HTML);
    expect(withPagePreloads(HTML, '/no-such-page', chunks)).toBe(HTML);
    expect(withPagePreloads(HTML, '/about', undefined)).toBe(HTML);
    expect(withPagePreloads(HTML, '/cleaner/42', undefined)).not.toContain('modulepreload');
  });

  it('keeps only files under /assets/', () => {
    expect(chunks['/about']?.js).toEqual(['/assets/about-D4.js']);
  });
});

describe('pageReads', () => {
  it('fills a page’s reads with its ids', () => {
    expect(pageReads('/cleaner/12')).toEqual(['/api/cleaners/12']);
    expect(pageReads('/booking/3/7')).toEqual(['/api/cleaners/3']);
  });

  it('names nothing for a page without reads, or a param that is not an id', () => {
    expect(pageReads('/about')).toEqual([]);
    expect(pageReads('/cleaner/abc')).toEqual([]);
    expect(pageReads('/cleaner/0')).toEqual([]);
    expect(pageReads('/nope')).toEqual([]);
  });
});
