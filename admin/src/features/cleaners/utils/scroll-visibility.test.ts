import { describe, expect, it } from 'vitest';
import { searchBarVisible } from './scroll-visibility';

describe('searchBarVisible', () => {
  it('stays visible while scrolling down near the top', () => {
    expect(searchBarVisible(0, 150, true)).toBe(true);
    expect(searchBarVisible(150, 200, true)).toBe(true);
  });

  it('hides when scrolling down past 200 px', () => {
    expect(searchBarVisible(200, 201, true)).toBe(false);
    expect(searchBarVisible(500, 900, true)).toBe(false);
  });

  it('shows again when scrolling up, and always within 100 px of the top', () => {
    expect(searchBarVisible(900, 800, false)).toBe(true);
    expect(searchBarVisible(300, 100, false)).toBe(true);
    expect(searchBarVisible(50, 90, false)).toBe(true);
  });

  it('stays until its own place in the page has scrolled away, so hiding leaves no blank gap', () => {
    expect(searchBarVisible(200, 300, true, false)).toBe(true);
    expect(searchBarVisible(300, 700, true, false)).toBe(true);
    expect(searchBarVisible(700, 800, true, true)).toBe(false);
  });

  it('keeps its state when the position does not change', () => {
    expect(searchBarVisible(400, 400, false)).toBe(false);
    expect(searchBarVisible(400, 400, true)).toBe(true);
  });
});
