import { describe, expect, it } from 'vitest';
import { type Box, launcherBoxes, launcherPlace, probePoints } from './launcher-place';

const phone = { width: 390, height: 844, narrow: true };
const desktop = { width: 1280, height: 900, narrow: false };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the chat launcher’s place', () => {
  it('is round at the corner: 56 px 20 px in on a wide screen, 48 px 12 px in on a phone', () => {
    expect(launcherBoxes(desktop.width, desktop.height, false).round).toEqual({
      left: 1204,
      top: 824,
      right: 1260,
      bottom: 880,
    });
    expect(launcherBoxes(phone.width, phone.height, true).round).toEqual({
      left: 330,
      top: 784,
      right: 378,
      bottom: 832,
    });
    expect(launcherPlace(phone, () => false)).toBe('round');
  });

  it('tucks into a 24 px tab at the very edge while a control lies beneath the round launcher', () => {
    // The search widget's Search button, 24 px in from the phone's edge, under the round launcher.
    const search: Box = { left: 269, top: 760, right: 349, bottom: 800 };
    const covers = (box: Box) => overlaps(box, search);
    expect(launcherPlace(phone, covers)).toBe('tab');
    expect(launcherBoxes(phone.width, phone.height, true).tab).toEqual({
      left: 366,
      top: 784,
      right: 390,
      bottom: 832,
    });
  });

  it('is out of sight while even the tab would cover a control, and back when the spot is clear', () => {
    const edgeToEdge: Box = { left: 0, top: 780, right: 390, bottom: 830 };
    expect(launcherPlace(phone, (box) => overlaps(box, edgeToEdge))).toBe('hidden');
    const scrolledAway: Box = { left: 0, top: 100, right: 390, bottom: 150 };
    expect(launcherPlace(phone, (box) => overlaps(box, scrolledAway))).toBe('round');
  });

  it('probes a box at its corners, the middles of its edges and its centre, all inside it', () => {
    const box: Box = { left: 10, top: 20, right: 58, bottom: 68 };
    const points = probePoints(box);
    expect(points).toHaveLength(9);
    expect(points).toContainEqual([34, 44]);
    for (const [x, y] of points) {
      expect(x > box.left && x < box.right && y > box.top && y < box.bottom).toBe(true);
    }
  });
});
