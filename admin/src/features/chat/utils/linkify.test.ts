import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes this site’s relative links links and leaves the rest text', () => {
    expect(linkify('See /cleaner/42. Or /cleaners?location=Denver&sortBy=price, and /api/admin/users.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: '/cleaner/42' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', href: '/cleaners?location=Denver&sortBy=price' },
      { kind: 'text', text: ', and /api/admin/users.' },
    ]);
  });

  it('never turns markup into anything but text', () => {
    expect(linkify('<img src=x onerror=alert(1)> /help-center#damage')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> ' },
      { kind: 'link', href: '/help-center#damage' },
    ]);
  });
});
