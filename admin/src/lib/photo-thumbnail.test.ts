import { describe, expect, it } from 'vitest';
import { coverCrop } from './photo-thumbnail';

describe('coverCrop', () => {
  const box = { width: 192, height: 144 };

  it('keeps the middle of a wide photo, its full height', () => {
    expect(coverCrop(4000, 1500, box)).toEqual({ sx: 1000, sy: 0, sw: 2000, sh: 1500 });
  });

  it('keeps the middle of a tall photo, its full width', () => {
    expect(coverCrop(300, 1000, box)).toEqual({ sx: 0, sy: 387.5, sw: 300, sh: 225 });
  });

  it('takes all of a photo already in the box’s proportions', () => {
    expect(coverCrop(4, 3, box)).toEqual({ sx: 0, sy: 0, sw: 4, sh: 3 });
  });
});
