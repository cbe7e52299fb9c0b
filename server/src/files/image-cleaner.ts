import { AppError } from '../contract/errors';
import { type CleanImage, cleanImage, type ImageType } from './images';

/**
 * Where uploaded images are decoded and encoded again (decision 045): a port, so the features
 * never know the runtime. Node's entry gives a pool of worker threads (`node-images.ts`), so a
 * large picture never holds up the event loop; Workers, which have no threads, and the unit tests
 * clean in the caller's thread (`inProcessImageCleaner`), bounded by the pixel cap alone.
 *
 * `clean` rejects with `ImageTooLarge` (more pixels than the cap) or `ImageRejected` (does not
 * decode as its type) for the caller to word, or with an `AppError` of its own: 503
 * `images_busy` when too many are waiting, 422 `image_too_complex` past the deadline.
 */
export interface ImageCleaner {
  clean(bytes: Uint8Array, type: ImageType, options: { maxDimension: number }): Promise<CleanImage>;
}

/** In the caller's thread: for Workers and tests. */
export const inProcessImageCleaner: ImageCleaner = {
  async clean(bytes, type, options) {
    return cleanImage(bytes, type, options);
  },
};

/** Every worker is busy and the queue is full: nothing was stored, the upload can be sent again. */
export const imagesBusy = (retryAfterSeconds: number) =>
  new AppError(
    503,
    'images_busy',
    'The server is processing too many pictures: please try again in a few seconds',
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );

/** The picture was still being decoded at the deadline: its worker was stopped. */
export const imageTooComplex = () =>
  new AppError(
    422,
    'image_too_complex',
    'This picture takes too long to process: please send a smaller picture or a PDF',
  );

/** The image worker stopped (or the server is shutting down): nothing was stored. */
export const imagesUnavailable = () =>
  new AppError(503, 'images_unavailable', 'Pictures cannot be processed right now: please try again', undefined, {
    'Retry-After': '5',
  });
