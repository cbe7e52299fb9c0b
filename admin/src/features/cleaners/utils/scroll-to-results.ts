/**
 * Scrolls the listing's results heading into view below everything that stays on screen above it:
 * the site header and, on a wide screen, the sticky search card (on a phone, the one-line search
 * fixed under the header). `scrollIntoView` alone left the heading under the card.
 */
export function scrollToResults(heading: HTMLElement | null): void {
  if (!heading) return;
  const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  const stuck = [...document.querySelectorAll<HTMLElement>('.search-bar-wrap, .compact-search')]
    .filter((el) => ['sticky', 'fixed'].includes(getComputedStyle(el).position) && el.getClientRects().length > 0)
    .map((el) => (Number.parseFloat(getComputedStyle(el).top) || 0) + el.offsetHeight);
  const covered = Math.max(header, ...stuck) + 8;
  window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - covered });
}
