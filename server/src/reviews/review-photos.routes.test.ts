import { eq } from 'drizzle-orm';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewPhotos } from '../db/schema';
import type { Json } from '../test/harness';
import { reviewWritesWorld } from '../test/review-writes-world';
import { containsText, SAMPLE_GPS_MARKER, sampleJpeg, samplePng } from '../test/sample-files';

type Headers_ = Record<string, string>;

/**
 * A review's photos (docs/product/discovery.md; decision 039): only images, re-encoded, at most
 * five, by the author only. Ann's and Ben's reviews are written first, as the suite of
 * POST /api/reviews writes them.
 */
const { ctx, demoCleaner, files, as, post, writeReviews } = await reviewWritesWorld();

let annReviewId = 0;
let benReviewId = 0;
beforeAll(async () => {
  ({ annReviewId, benReviewId } = await writeReviews());
});

const PNG = samplePng(3, 2);
/** A phone photo: EXIF with an orientation and a GPS position. */
const JPEG = sampleJpeg(8, 6, { orientation: 6 });
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');
/** A JPEG's first bytes in front of a page: a polyglot a signature check alone would store. */
const POLYGLOT = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, ...HTML]);

function upload(headers: Headers_, reviewId: number, parts: Array<{ bytes: Uint8Array; name: string; type: string }>) {
  const form = new FormData();
  for (const [i, part] of parts.entries()) {
    form.append('photos', new File([part.bytes], part.name, { type: part.type }));
    form.append('captions', `Photo ${i + 1}`);
  }
  return ctx.app.request(`/api/reviews/${reviewId}/photos`, { method: 'POST', headers, body: form });
}
const photoKeys = () => files.keys().filter((k) => k.startsWith(`reviews/${benReviewId}/`));
const photoRows = () => ctx.database.db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, benReviewId));

describe('photos', () => {
  it('refuses an HTML file named .jpg and declared image/jpeg, storing nothing', async () => {
    const res = await upload(as.ben, benReviewId, [{ bytes: HTML, name: 'kitchen.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error.code).toBe('invalid_file_type');
    expect(photoKeys()).toEqual([]);
    expect(await photoRows()).toEqual([]);
  });

  it('refuses a JPEG signature in front of HTML (a polyglot): it does not decode', async () => {
    const res = await upload(as.ben, benReviewId, [{ bytes: POLYGLOT, name: 'kitchen.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(415);
    expect(((await res.json()) as Json).error.code).toBe('invalid_file_type');
    expect(photoKeys()).toEqual([]);
    expect(await photoRows()).toEqual([]);
  });

  it('refuses a photo of 10 MB + 1 byte, storing nothing', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(as.ben, benReviewId, [{ bytes: big, name: 'big.png', type: 'image/png' }]);
    expect(res.status).toBe(413);
    expect(photoKeys()).toEqual([]);
    expect(await photoRows()).toEqual([]);
  });

  it('refuses a body declared larger than the photos that fit before reading it', async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    const res = await ctx.app.request(`/api/reviews/${benReviewId}/photos`, {
      method: 'POST',
      headers: {
        ...as.ben,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(60 * 1024 * 1024),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBe(false);
  });

  it('stores JPEG and PNG re-encoded under server-chosen keys (no EXIF, no GPS, upright), typed with nosniff', async () => {
    // Names and declared types lie both ways: the bytes decide.
    const res = await upload(as.ben, benReviewId, [
      { bytes: PNG, name: 'photo.jpg', type: 'image/jpeg' },
      { bytes: JPEG, name: '../../etc/passwd', type: 'text/html' },
    ]);
    expect(res.status).toBe(201);
    const review = (await res.json()) as Json;
    expect(review.photos).toEqual([
      { id: expect.any(Number), fileUrl: expect.any(String), caption: 'Photo 1', displayOrder: 0 },
      { id: expect.any(Number), fileUrl: expect.any(String), caption: 'Photo 2', displayOrder: 1 },
    ]);
    expect(photoKeys()).toHaveLength(2);
    for (const key of photoKeys()) expect(key).toMatch(new RegExp(`^reviews/${benReviewId}/[0-9a-f]{32}\\.(png|jpg)$`));
    const first = await ctx.app.request(review.photos[0].fileUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(decodePng(new Uint8Array(await first.arrayBuffer()))).toMatchObject({ width: 3, height: 2 });
    const second = await ctx.app.request(review.photos[1].fileUrl);
    expect(second.headers.get('content-type')).toBe('image/jpeg');
    const served = new Uint8Array(await second.arrayBuffer());
    expect(containsText(JPEG, SAMPLE_GPS_MARKER)).toBe(true);
    expect(containsText(served, SAMPLE_GPS_MARKER)).toBe(false);
    expect(containsText(served, 'Exif')).toBe(false);
    // Turned upright by its orientation before the EXIF went: 8 × 6 stored sideways is 6 × 8.
    expect(jpeg.decode(served, { useTArray: true })).toMatchObject({ width: 6, height: 8 });
    // The public list shows them too.
    const listed = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${benReviewId}`);
    expect(listed.body.photos).toHaveLength(2);
  });

  it('is for the author only; someone else’s upload is refused before it is read', async () => {
    for (const who of ['cat', 'cleaner'] as const) {
      const res = await upload(as[who], benReviewId, [{ bytes: PNG, name: 'a.png', type: 'image/png' }]);
      expect(res.status, who).toBe(403);
    }
    expect((await upload(as.anonymous, benReviewId, [{ bytes: PNG, name: 'a.png', type: 'image/png' }])).status).toBe(
      401,
    );
    const json = await post(`/api/reviews/${benReviewId}/photos`, as.ben, { photos: [] });
    expect(json.status).toBe(415);
    expect(photoKeys()).toHaveLength(2);
  });

  it('takes at most five: a sixth is refused, and the action disappears at five', async () => {
    const three = await upload(as.ben, benReviewId, [
      { bytes: PNG, name: '3.png', type: 'image/png' },
      { bytes: PNG, name: '4.png', type: 'image/png' },
      { bytes: JPEG, name: '5.jpg', type: 'image/jpeg' },
      { bytes: JPEG, name: '6.jpg', type: 'image/jpeg' },
    ]);
    expect(three.status).toBe(409);
    expect(photoKeys()).toHaveLength(2);
    const fill = await upload(as.ben, benReviewId, [
      { bytes: PNG, name: '3.png', type: 'image/png' },
      { bytes: PNG, name: '4.png', type: 'image/png' },
      { bytes: JPEG, name: '5.jpg', type: 'image/jpeg' },
    ]);
    expect(fill.status).toBe(201);
    const full = (await fill.json()) as Json;
    expect(full.photos).toHaveLength(5);
    expect(full.actions.addPhoto).toBeUndefined();
    const sixth = await upload(as.ben, benReviewId, [{ bytes: PNG, name: '6.png', type: 'image/png' }]);
    expect(sixth.status).toBe(409);
    expect(photoKeys()).toHaveLength(5);
    expect(await photoRows()).toHaveLength(5);
  });

  it('offers the author an upload action while photos fit', async () => {
    const annSees = await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${annReviewId}`, { headers: as.ann });
    expect(annSees.body.actions.addPhoto).toMatchObject({
      method: 'POST',
      href: `/api/reviews/${annReviewId}/photos`,
      type: 'multipart/form-data',
    });
    expect(annSees.body.actions.addPhoto.fields[0]).toMatchObject({ name: 'photos', type: 'file', required: true });
    expect((await ctx.json<Json>(`/api/reviews/${demoCleaner.id}/${annReviewId}`)).body.actions).toEqual({});
  });
});
