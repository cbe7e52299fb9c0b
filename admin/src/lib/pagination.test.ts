import { describe, expect, it } from 'vitest';
import { pageRange, pageWindow, totalPages } from './pagination';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never shows more than five buttons and keeps the current page centred', () => {
    expect(pageWindow(6, 20)).toEqual([4, 5, 6, 7, 8]);
  });

  it('clamps the window at both ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('is empty without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('pageRange', () => {
  it('gives the first and last item numbers of a page', () => {
    expect(pageRange(1, 12, 30)).toEqual({ from: 1, to: 12 });
    expect(pageRange(3, 12, 30)).toEqual({ from: 25, to: 30 });
  });

  it('is zero when nothing matched', () => {
    expect(pageRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('totalPages', () => {
  it('rounds up', () => {
    expect(totalPages(25, 12)).toBe(3);
    expect(totalPages(24, 12)).toBe(2);
    expect(totalPages(0, 12)).toBe(0);
  });
});
