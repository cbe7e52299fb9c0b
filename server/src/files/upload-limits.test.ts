import { decode as decodePng, encode as encodePng } from 'fast-png';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { type ImagePool, imageWorkerPool } from '../node-images';
import { dataUrl } from '../test/application-fixtures';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { reviewFixture } from '../test/review-fixtures';
import { samplePdf, samplePng } from '../test/sample-files';
import type { memoryFileStorage } from './file-storage';
import { MAX_SOURCE_PIXELS } from './images';

/**
 * What bounds an upload's cost (decision 045's addendum), through the API: the pixel cap on
 * documents and review photos, the per-account upload limit, and the image workers' answers
 * when they are full or a picture runs past its deadline — JSON errors, never a 500.
 */

const ctx = await createTestContext({ config: { UPLOAD_RATE_LIMIT: '3' } });
const { demoCleaner } = await seedWorld(ctx);
const files = ctx.deps.files as ReturnType<typeof memoryFileStorage>;

/** A PNG's header declaring `width` × `height`: refused or not before its (absent) pixels are read. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const png = samplePng(2, 2);
  const view = new DataView(png.buffer, png.byteOffset);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return png;
}
/** One pixel over the cap: 24,929 × 673 = 4096² + 1. */
const OVER_CAP = pngDeclaring(24_929, 673);
/** A 12-megapixel phone photo's size (4032 × 3024), blank: 36 KB on disk. */
const PHONE_PHOTO = encodePng({
  width: 4032,
  height: 3024,
  data: new Uint8Array(4032 * 3024 * 3),
  channels: 3,
  depth: 8,
});

async function newApplicant() {
  const id = await createCustomer(ctx, 'Uploader');
  const headers = await sessionFor(ctx, id);
  const application = await ctx.json<Json>('/api/applications', {
    method: 'POST',
    headers,
    body: {
      bio: 'Ten years of careful, friendly home cleaning.',
      experience: '5-10',
      hourlyRate: 32.5,
      serviceTypes: ['residential'],
      coverageAreas: ['Austin, TX'],
      hasInsurance: true,
      hasBond: false,
      availability: { monday: { available: true, hours: '9:00-17:00' } },
      emergencyContact: { name: 'Sam Doe', phone: '(512) 555-0100', relationship: 'Sibling' },
      references: [
        { name: 'Pat Lee', phone: '(512) 555-0101', email: 'pat@example.com', relationship: 'Former employer' },
      ],
    },
  });
  expect(application.status, JSON.stringify(application.body)).toBe(201);
  return { id, headers, applicationId: application.body.id as number };
}

async function uploadDocument(
  who: { headers: Record<string, string>; applicationId: number },
  bytes: Uint8Array,
  type: string,
  app = ctx.app,
) {
  const res = await app.request(`/api/applications/${who.applicationId}/documents`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ documentType: 'id', fileName: 'id', fileUrl: dataUrl(bytes, type) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

async function uploadPhoto(headers: Record<string, string>, reviewId: number, bytes: Uint8Array) {
  const form = new FormData();
  form.append('photos', new File([bytes as Uint8Array<ArrayBuffer>], 'kitchen.png', { type: 'image/png' }));
  const res = await ctx.app.request(`/api/reviews/${reviewId}/photos`, { method: 'POST', headers, body: form });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

const documentKeys = (applicationId: number) => files.keys().filter((k) => k.startsWith(`documents/${applicationId}/`));

describe('the pixel cap, through the API', () => {
  it('refuses a document or review photo one pixel over the cap with 413, before decoding it', async () => {
    expect(24_929 * 673).toBe(MAX_SOURCE_PIXELS + 1);
    const applicant = await newApplicant();
    const document = await uploadDocument(applicant, OVER_CAP, 'image/png');
    expect(document.status).toBe(413);
    expect(document.body.error).toMatchObject({
      code: 'image_too_large',
      message: 'Please select a picture of at most 16.7 megapixels.',
      fields: { file: 'Please select a picture of at most 16.7 megapixels.' },
    });
    expect(documentKeys(applicant.applicationId)).toEqual([]);

    const reporter = await createCustomer(ctx, 'Reporter');
    const { reviewId } = await reviewFixture(ctx, {
      customerId: applicant.id,
      cleanerId: demoCleaner.id,
      reporterId: reporter,
    });
    const photo = await uploadPhoto(applicant.headers, reviewId, OVER_CAP);
    expect(photo.status).toBe(413);
    expect(photo.body.error).toMatchObject({ code: 'image_too_large', fields: { photos: expect.any(String) } });
  });

  it('takes a 12-megapixel phone photo (4032 × 3024)', async () => {
    const applicant = await newApplicant();
    const res = await uploadDocument(applicant, PHONE_PHOTO, 'image/png');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [key] = documentKeys(applicant.applicationId);
    const file = await files.get(key as string);
    const stored = decodePng(new Uint8Array(await new Response(file?.body).arrayBuffer()));
    expect([stored.width, stored.height]).toEqual([4032, 3024]);
  });
});

describe('uploads per account', () => {
  it('counts documents and review photos together: 429 with Retry-After past the limit, other accounts unaffected', async () => {
    const applicant = await newApplicant();
    const reporter = await createCustomer(ctx, 'Reporter');
    const { reviewId } = await reviewFixture(ctx, {
      customerId: applicant.id,
      cleanerId: demoCleaner.id,
      reporterId: reporter,
    });
    // UPLOAD_RATE_LIMIT is 3 here.
    expect((await uploadDocument(applicant, samplePdf(), 'application/pdf')).status).toBe(201);
    expect((await uploadPhoto(applicant.headers, reviewId, samplePng(4, 3))).status).toBe(201);
    expect((await uploadDocument(applicant, samplePng(4, 3), 'image/png')).status).toBe(201);
    const fourth = await uploadDocument(applicant, samplePdf(), 'application/pdf');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('rate_limited');
    const retryAfter = Number(fourth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await uploadPhoto(applicant.headers, reviewId, samplePng(4, 3))).status).toBe(429);
    expect(documentKeys(applicant.applicationId)).toHaveLength(2);
    // An hour later the account uploads again; another account never noticed.
    const other = await newApplicant();
    expect((await uploadDocument(other, samplePdf(), 'application/pdf')).status).toBe(201);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 3_600_000));
    const later = { ...applicant, headers: await sessionFor(ctx, applicant.id) };
    expect((await uploadDocument(later, samplePdf(), 'application/pdf')).status).toBe(201);
  });
});

describe('the image workers’ refusals, through the API', () => {
  const pools: ImagePool[] = [];
  afterAll(() => Promise.all(pools.map((p) => p.close())));
  const appWith = (images: ImagePool) => {
    pools.push(images);
    return createApp({ ...ctx.deps, images });
  };

  it('answers 503 images_busy with Retry-After when every worker is taken and none may wait', async () => {
    const images = imageWorkerPool({ size: 1, queueLimit: 0 });
    const app = appWith(images);
    // The one thread is taken (starting, then decoding 12 megapixels) for longer than a request takes.
    const taken = images.clean(PHONE_PHOTO, 'image/png', { maxDimension: 4096 });
    const applicant = await newApplicant();
    const res = await uploadDocument(applicant, samplePng(4, 3), 'image/png', app);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.body.error).toMatchObject({ code: 'images_busy', message: expect.stringContaining('try again') });
    expect(documentKeys(applicant.applicationId)).toEqual([]);
    await taken;
  });

  it('answers 422 image_too_complex when a picture runs past the deadline, storing nothing', async () => {
    const app = appWith(imageWorkerPool({ size: 1, deadlineMs: 50 }));
    const applicant = await newApplicant();
    const res = await uploadDocument(applicant, PHONE_PHOTO, 'image/png', app);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'image_too_complex', message: expect.stringContaining('smaller') });
    expect(documentKeys(applicant.applicationId)).toEqual([]);
  });
});
