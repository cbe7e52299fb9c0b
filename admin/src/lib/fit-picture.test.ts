import { DOCUMENT_MAX_DIMENSION, IMAGE_MAX_PIXELS, PHOTO_MAX_DIMENSION } from '@spotless/sdk/rules';
import { describe, expect, it } from 'vitest';
import { uploadSize } from './fit-picture';

describe('the size a picture is sent at', () => {
  it('sends a picture that fits as it is', () => {
    expect(uploadSize(2048, 1536, PHOTO_MAX_DIMENSION)).toBeNull();
    expect(uploadSize(4032, 3024, DOCUMENT_MAX_DIMENSION)).toBeNull();
  });

  it('scales a 24-megapixel phone photo to the longest side kept, within the pixel cap', () => {
    expect(uploadSize(5712, 4284, PHOTO_MAX_DIMENSION)).toEqual({ width: 2048, height: 1536 });
    const document = uploadSize(5712, 4284, DOCUMENT_MAX_DIMENSION);
    expect(document).toEqual({ width: 4096, height: 3072 });
    expect((document?.width ?? 0) * (document?.height ?? 0)).toBeLessThanOrEqual(IMAGE_MAX_PIXELS);
  });

  it('keeps a long panorama under the pixel cap as well as the side limit', () => {
    const size = uploadSize(30_000, 3_000, 100_000);
    expect(size).not.toBeNull();
    expect((size?.width ?? 0) * (size?.height ?? 0)).toBeLessThanOrEqual(IMAGE_MAX_PIXELS);
    expect(uploadSize(0, 10, 2048)).toBeNull();
  });
});
