import { describe, expect, it } from 'vitest';
import { MAX_QUERY_TOKENS, toFtsQuery } from './fts-query';

describe('toFtsQuery', () => {
  it('makes every word a quoted prefix term', () => {
    expect(toFtsQuery('Spot')).toBe('"spot"*');
    expect(toFtsQuery('  deep   kitchen ')).toBe('"deep"* "kitchen"*');
  });

  it('strips FTS5 syntax: quotes, operators, column filters, parentheses, stars, carets', () => {
    expect(toFtsQuery('"clean* OR (bio:kitchen) NOT ^x -y + z"')).toBe(
      '"clean"* "or"* "bio"* "kitchen"* "not"* "x"* "y"* "z"*',
    );
    expect(toFtsQuery('NEAR(a b, 3)')).toBe('"near"* "a"* "b"* "3"*');
  });

  it('keeps letters of any script and digits, drops duplicates', () => {
    expect(toFtsQuery('José josé 78701')).toBe('"josé"* "78701"*');
  });

  it('returns undefined when nothing searchable is left', () => {
    for (const text of ['', '   ', '"', '***', '()', '-+^:.']) expect(toFtsQuery(text)).toBeUndefined();
  });

  it(`keeps at most ${MAX_QUERY_TOKENS} words`, () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    expect(toFtsQuery(words.join(' '))!.split(' ')).toHaveLength(MAX_QUERY_TOKENS);
  });
});
