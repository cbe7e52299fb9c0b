import { describe, expect, it } from 'vitest';
import { distanceToTerm, nearestTerms } from './search-typos';

describe('nearestTerms', () => {
  const terms = [
    { term: 'carter', doc: 1800 },
    { term: 'carver', doc: 40 },
    { term: 'jame', doc: 1590 },
    { term: 'jamal', doc: 1673 },
    { term: 'aisha', doc: 300 },
    { term: 'khan', doc: 900 },
  ];

  it('reads a typo as the indexed term, stems included ("jmaes" → "jame")', () => {
    expect(nearestTerms('cartr', terms)).toEqual(['carter']);
    expect(nearestTerms('jmaes', terms)).toEqual(['jame']);
    expect(nearestTerms('ayesha', terms)).toEqual(['aisha']);
    expect(nearestTerms('kahn', terms)).toEqual(['khan']);
  });

  it('keeps every term at the fewest edits, the one more cleaners hold first', () => {
    expect(nearestTerms('carvor', terms)).toEqual(['carver']);
    expect(nearestTerms('carzer', terms)).toEqual(['carter', 'carver']);
  });

  it('leaves short words and far words alone', () => {
    expect(nearestTerms('jam', terms)).toEqual([]);
    expect(nearestTerms('kxyz', terms)).toEqual([]);
    expect(nearestTerms('zzzznotaword', terms)).toEqual([]);
  });

  it('counts at most two trailing letters as an ending', () => {
    expect(distanceToTerm('james', 'jame', 2)).toBe(0);
    expect(distanceToTerm('carterville', 'carter', 2)).toBe(3);
  });
});
