import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationDocuments } from '../db/schema';
import { folderFileStorage } from '../node-files';
import { dataUrl, MINIMAL_APPLICATION } from '../test/application-fixtures';
import { createCustomer, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { reviewFixture } from '../test/review-fixtures';
import { samplePdf } from '../test/sample-files';
import { type FileStorage, memoryFileStorage } from './file-storage';

/**
 * A file store that fails (a full or read-only disk, a data folder that cannot be written, R2 not
 * answering) costs uploads and downloads a 503 the client may retry, and nothing else: bookings
 * and searches go on. Such failures used to reach the error renderer raw and were answered 500.
 */

/** Memory storage that fails like a disk while `failing` is set. */
function breakableStorage() {
  const inner = memoryFileStorage();
  const state = { failing: false };
  const disk = (operation: string) =>
    Object.assign(new Error(`EIO: i/o error, ${operation} '/srv/spotless/data/files/x'`), { code: 'EIO' });
  const storage: FileStorage = {
    put: async (key, bytes, meta) => {
      if (state.failing) throw disk('write');
      return inner.put(key, bytes, meta);
    },
    get: async (key) => {
      if (state.failing) throw disk('read');
      return inner.get(key);
    },
    delete: async (key) => {
      if (state.failing) throw disk('unlink');
      return inner.delete(key);
    },
  };
  return { storage, state };
}

const { storage, state } = breakableStorage();
const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z', files: storage });
const { demoCleaner } = await seedWorld(ctx);

async function applicantWithApplication() {
  const id = await createCustomer(ctx, 'Ada');
  const headers = await sessionFor(ctx, id);
  const res = await ctx.json<Json>('/api/applications', {
    method: 'POST',
    headers,
    body: MINIMAL_APPLICATION,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { headers, applicationId: res.body.id as number };
}

const upload = (headers: Record<string, string>, applicationId: number) =>
  ctx.json<Json>(`/api/applications/${applicationId}/documents`, {
    method: 'POST',
    headers,
    body: {
      documentType: 'id',
      fileName: 'id.pdf',
      fileUrl: dataUrl(samplePdf(), 'application/pdf'),
    },
  });

function expectStorageUnavailable(res: { status: number; body: Json; headers: Headers }) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error.code).toBe('storage_unavailable');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('file storage failing', () => {
  it('answers uploads and downloads 503 storage_unavailable while bookings and searches work', async () => {
    const { headers, applicationId } = await applicantWithApplication();
    const stored = await upload(headers, applicationId);
    expect(stored.status).toBe(201);

    state.failing = true;
    try {
      const refused = await upload(headers, applicationId);
      expectStorageUnavailable(refused);
      const rows = await ctx.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, applicationId));
      expect(rows).toHaveLength(1);

      const download = await ctx.app.request(`/api/documents/${stored.body.id}/file`, { headers });
      const downloadBody = (await download.json()) as Json;
      expectStorageUnavailable({ status: download.status, body: downloadBody, headers: download.headers });

      const search = await ctx.json<Json>('/api/cleaners?location=Austin');
      expect(search.status).toBe(200);
      const customer = await createCustomer(ctx, 'Bo');
      const booking = await ctx.json<Json>('/api/bookings', {
        method: 'POST',
        headers: await sessionFor(ctx, customer),
        body: {
          cleanerId: demoCleaner.id,
          serviceId: 1,
          address: '1 Main St',
          scheduledDate: '2026-06-22',
          scheduledTime: '09:00',
          duration: 120,
          totalPrice: '90.00',
        },
      });
      expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    } finally {
      state.failing = false;
    }
    const again = await ctx.app.request(`/api/documents/${stored.body.id}/file`, { headers });
    expect(again.status).toBe(200);
  });

  it('answers a review photo 503 when its bytes cannot be read', async () => {
    const customerId = await createCustomer(ctx, 'Cy');
    const reporterId = await createCustomer(ctx, 'Di');
    const { photoPath } = await reviewFixture(ctx, { customerId, cleanerId: demoCleaner.id, reporterId });
    expect((await ctx.app.request(photoPath)).status).toBe(200);
    state.failing = true;
    try {
      const res = await ctx.app.request(photoPath);
      expectStorageUnavailable({ status: res.status, body: (await res.json()) as Json, headers: res.headers });
    } finally {
      state.failing = false;
    }
  });
});

describe('the folder store on Node', () => {
  it('answers 503 through the app when its folder cannot be written or read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spotless-files-'));
    // A file where the folder should be: every path under it fails (ENOTDIR), even for root.
    writeFileSync(join(dir, 'files'), 'not a folder');
    const broken = await createTestContext({ files: folderFileStorage(join(dir, 'files')) });
    await seedWorld(broken);
    const id = await createCustomer(broken, 'Ed');
    const headers = await sessionFor(broken, id);
    const application = await broken.json<Json>('/api/applications', {
      method: 'POST',
      headers,
      body: MINIMAL_APPLICATION,
    });
    const res = await broken.json<Json>(`/api/applications/${application.body.id}/documents`, {
      method: 'POST',
      headers,
      body: {
        documentType: 'id',
        fileName: 'id.pdf',
        fileUrl: dataUrl(samplePdf(), 'application/pdf'),
      },
    });
    expectStorageUnavailable(res);
  });

  it('leaves no partial file behind when a write fails', async () => {
    const root = mkdtempSync(join(tmpdir(), 'spotless-files-'));
    // A folder (with something in it) where the file should land: the final rename fails.
    mkdirSync(join(root, 'documents', '1', 'a.pdf'), { recursive: true });
    writeFileSync(join(root, 'documents', '1', 'a.pdf', 'x'), 'x');
    const files = folderFileStorage(root);
    await expect(files.put('documents/1/a.pdf', samplePdf(), { contentType: 'application/pdf' })).rejects.toThrow();
    expect(readdirSync(join(root, 'documents', '1'))).toEqual(['a.pdf']);
  });
});
