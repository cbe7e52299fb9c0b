/** On mobile the search bar (docs/product/discovery.md) hides when scrolling down past 200 px … */
export const HIDE_AFTER_PX = 200;
/** … and always shows again within 100 px of the top. */
export const ALWAYS_SHOW_WITHIN_PX = 100;

/**
 * Whether the sticky search bar shows after the page scrolled from `previousY` to `y`.
 * `placeScrolledAway`: the bar's own place in the page is above the sticky position; until then it
 * stays, as hiding it would uncover that place empty.
 */
export function searchBarVisible(previousY: number, y: number, visible: boolean, placeScrolledAway = true): boolean {
  if (y <= ALWAYS_SHOW_WITHIN_PX || !placeScrolledAway) return true;
  if (y > previousY && y > HIDE_AFTER_PX) return false;
  if (y < previousY) return true;
  return visible;
}
