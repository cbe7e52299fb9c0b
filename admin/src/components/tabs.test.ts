import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealTab } from './tabs';

/** A tab strip 300 px wide scrolled `scrollLeft` along, its content `scrollWidth`, fading over 32 px at its end. */
function strip(scrollLeft: number, scrollWidth = 700) {
  return {
    scrollLeft,
    scrollWidth,
    clientWidth: 300,
    getBoundingClientRect: () => ({ left: 10, width: 300 }),
  } as unknown as HTMLElement & { scrollLeft: number };
}
/** A tab at `start` px along the strip's content, `width` wide. */
const tab = (list: { scrollLeft: number }, start: number, width = 90) =>
  ({ getBoundingClientRect: () => ({ left: 10 + start - list.scrollLeft, width }) }) as unknown as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('a tab strip on a phone', () => {
  it('scrolls sideways to show the selected tab whole, clear of the fading end', () => {
    vi.stubGlobal('getComputedStyle', () => ({ paddingRight: '32px' }));
    const list = strip(0);
    revealTab(list, tab(list, 500));
    // The tab ends at 590: the strip's visible width less its fade must reach there.
    expect(list.scrollLeft).toBe(590 - 300 + 32);
    revealTab(list, tab(list, 40));
    expect(list.scrollLeft).toBe(32);
    const shown = strip(100);
    revealTab(shown, tab(shown, 150));
    expect(shown.scrollLeft).toBe(100);
  });

  it('leaves a strip that fits alone', () => {
    vi.stubGlobal('getComputedStyle', () => ({ paddingRight: '0px' }));
    const list = strip(0, 300);
    revealTab(list, tab(list, 250));
    expect(list.scrollLeft).toBe(0);
  });
});
