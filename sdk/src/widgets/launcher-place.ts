/**
 * Where the chat's launcher sits on a partner's page (decision 074). It is fixed to the viewport's
 * bottom-right corner, above the page, and the page cannot make room for it: so it never sits over
 * something the visitor can act on. Round where the corner is clear (56 px, or 48 px on a phone);
 * a slim tab at the very edge while a control of the page lies beneath the round one; out of sight
 * while even the tab would cover one, back as soon as the visitor scrolls the spot clear.
 */

export type LauncherPlace = 'round' | 'tab' | 'hidden';

/** The launcher's sizes in CSS pixels; the stylesheet draws them (styles.ts). */
export const LAUNCHER = {
  /** Viewports this narrow or narrower (phones) get the compact launcher. */
  narrowQuery: '(max-width: 480px)',
  round: { size: 56, inset: 20 },
  compact: { size: 48, inset: 12 },
  /** The tab at the edge: as tall as the compact launcher, 24 px wide (the least a finger needs). */
  tab: { width: 24, height: 48 },
} as const;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The launcher's box in each place, in a viewport of `width` × `height`. */
export function launcherBoxes(width: number, height: number, narrow: boolean): { round: Box; tab: Box } {
  const { size, inset } = narrow ? LAUNCHER.compact : LAUNCHER.round;
  const bottom = height - inset;
  return {
    round: { left: width - inset - size, top: bottom - size, right: width - inset, bottom },
    tab: { left: width - LAUNCHER.tab.width, top: bottom - LAUNCHER.tab.height, right: width, bottom },
  };
}

/** The points of a box a hit test probes: its corners (1 px in), the middles of its edges, its centre. */
export function probePoints(box: Box): Array<[number, number]> {
  const xs = [box.left + 1, (box.left + box.right) / 2, box.right - 1];
  const ys = [box.top + 1, (box.top + box.bottom) / 2, box.bottom - 1];
  return xs.flatMap((x) => ys.map((y): [number, number] => [x, y]));
}

/** The first place, round then tab, whose box covers nothing the visitor can act on; else hidden. */
export function launcherPlace(
  viewport: { width: number; height: number; narrow: boolean },
  covers: (box: Box) => boolean,
): LauncherPlace {
  const boxes = launcherBoxes(viewport.width, viewport.height, viewport.narrow);
  if (!covers(boxes.round)) return 'round';
  if (!covers(boxes.tab)) return 'tab';
  return 'hidden';
}

/** What a visitor acts on: links, form controls, buttons and anything focusable or given a widget role. */
const ACTIONABLE = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'label',
  'iframe',
  'video[controls]',
  'audio[controls]',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="tab"]',
  '[role="menuitem"]',
].join(',');

/** The element, or one it is inside (across shadow roots), is something a visitor acts on. */
function actionable(element: Element): boolean {
  for (let at: Element | null = element; at; ) {
    if (at.closest(ACTIONABLE)) return true;
    const root = at.getRootNode();
    at = root instanceof ShadowRoot ? root.host : null;
  }
  return false;
}

/**
 * Whether something the visitor can act on lies at (x, y) beneath the launcher's own widget
 * (`own`, its host element): the page's topmost element there, followed into open shadow roots — so
 * another widget's buttons count, as the visitor sees them.
 */
export function actionableAt(x: number, y: number, own: Element): boolean {
  const beneath = (scope: Document | ShadowRoot) =>
    scope.elementsFromPoint(x, y).find((element) => element !== own && !own.contains(element));
  let element = beneath(document);
  for (let depth = 0; element?.shadowRoot && depth < 8; depth++) {
    const inner = beneath(element.shadowRoot);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element ? actionable(element) : false;
}

/** Whether the box covers something the visitor can act on, probed at its points. */
export function coversControl(box: Box, own: Element): boolean {
  return probePoints(box).some(([x, y]) => actionableAt(x, y, own));
}
