import { describe, expect, it } from 'vitest';
import { MAX_QUERY_TOKENS, toFtsQuery } from './fts-query';

describe('toFtsQuery', () => {
  it('makes every word a quoted prefix term, and the whole word a term too', () => {
    expect(toFtsQuery('Spot')).toBe('("spot" OR "spot"*)');
    expect(toFtsQuery('  deep   kitchen ')).toBe('("deep" OR "deep"*) AND ("kitchen" OR "kitchen"*)');
  });

  it('strips FTS5 syntax: quotes, operators, column filters, parentheses, stars, carets', () => {
    expect(toFtsQuery('"clean* OR (bio:kitchen) NOT ^x -y + z"')).toBe(
      '("clean" OR "clean"*) AND ("or" OR "or"*) AND ("bio" OR "bio"*) AND ("kitchen" OR "kitchen"*) AND ("not" OR "not"*) AND ("x" OR "x"*) AND ("y" OR "y"*) AND ("z" OR "z"*)',
    );
    expect(toFtsQuery('NEAR(a b, 3)')).toBe(
      '("near" OR "near"*) AND ("a" OR "a"*) AND ("b" OR "b"*) AND ("3" OR "3"*)',
    );
  });

  it('keeps letters of any script and digits, drops duplicates', () => {
    expect(toFtsQuery('José josé 78701')).toBe('("josé" OR "josé"*) AND ("78701" OR "78701"*)');
  });

  it('returns undefined when nothing searchable is left', () => {
    for (const text of ['', '   ', '"', '***', '()', '-+^:.']) expect(toFtsQuery(text)).toBeUndefined();
  });

  it(`keeps at most ${MAX_QUERY_TOKENS} words`, () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    expect(toFtsQuery(words.join(' '))!.split(' AND ')).toHaveLength(MAX_QUERY_TOKENS);
  });
});
