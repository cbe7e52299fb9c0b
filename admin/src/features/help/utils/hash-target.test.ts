import { describe, expect, it, vi } from 'vitest';
import { type HashTarget, openHashTarget } from './hash-target';

function page(elements: Record<string, Omit<HashTarget, 'scrollIntoView'>>) {
  const scrolled: string[] = [];
  const made = new Map<string, HashTarget>();
  for (const [id, element] of Object.entries(elements)) {
    made.set(id, { ...element, scrollIntoView: vi.fn(() => scrolled.push(id)) });
  }
  return { doc: { getElementById: (id: string) => made.get(id) ?? null }, made, scrolled };
}

describe('openHashTarget', () => {
  it('opens the article the hash names and scrolls it into view', () => {
    const { doc, made, scrolled } = page({
      damage: { tagName: 'DETAILS', open: false },
      tipping: { tagName: 'DETAILS', open: false },
    });
    expect(openHashTarget('#damage', doc)).toBe(made.get('damage'));
    expect(made.get('damage')?.open).toBe(true);
    expect(made.get('tipping')?.open).toBe(false);
    expect(scrolled).toEqual(['damage']);
  });

  it('scrolls to a section without trying to open it', () => {
    const { doc, made, scrolled } = page({ retention: { tagName: 'SECTION' } });
    openHashTarget('#retention', doc);
    expect(made.get('retention')?.open).toBeUndefined();
    expect(scrolled).toEqual(['retention']);
  });

  it('does nothing for no hash, an unknown id or a malformed one', () => {
    const { doc, scrolled } = page({ damage: { tagName: 'DETAILS', open: false } });
    expect(openHashTarget('', doc)).toBeNull();
    expect(openHashTarget('#', doc)).toBeNull();
    expect(openHashTarget('#nope', doc)).toBeNull();
    expect(openHashTarget('#%E0%A4%A', doc)).toBeNull();
    expect(scrolled).toEqual([]);
  });
});
