import { and, eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { auditLog, cleaners, damageReportPhotos, notifications } from '../db/schema';
import type { memoryFileStorage } from '../files/file-storage';
import { ORIGIN } from '../test/payment-fixtures';
import { payoutWorld } from '../test/payout-world';
import { containsText, SAMPLE_GPS_MARKER, sampleJpeg, samplePng } from '../test/sample-files';

/**
 * A damage report's photos (decision 082): the customer who reported the problem adds up to five
 * to the open report through its `addPhotos` action — only images, re-encoded without their
 * metadata — and the cleaner is e-mailed how many; the reporter, the booking's cleaner and
 * administrators see them, and anyone else is told they do not exist.
 */

const { ctx, f, paidBooking, finish } = await payoutWorld();
const files = ctx.deps.files as ReturnType<typeof memoryFileStorage>;

async function userCookie(userId: number) {
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId, kind: 'user' }, ctx.clock.now());
  return `${SESSION_COOKIE}=${token}`;
}

const PNG = samplePng(3, 2);
/** A phone photo: EXIF with an orientation and a GPS position. */
const JPEG = sampleJpeg(8, 6, { orientation: 6 });
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');

type Part = { bytes: Uint8Array; name: string; type: string };
const png = (name: string): Part => ({ bytes: PNG, name, type: 'image/png' });

function upload(cookie: string | undefined, href: string, parts: Part[]) {
  const form = new FormData();
  for (const part of parts) form.append('photos', new File([part.bytes], part.name, { type: part.type }));
  return ctx.app.request(href, {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), origin: ORIGIN },
    body: form,
  });
}
// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON answers
const json = async (res: Response): Promise<any> => res.json();
const get = (cookie: string | undefined, href: string) => ctx.app.request(href, { headers: cookie ? { cookie } : {} });

let customer: string;
let cleaner: string;
let otherCleaner: string;
let stranger: string;
let admin: string;
let reportId = 0;
let photosHref = '';
const keys = () => files.keys().filter((k) => k.startsWith(`damage-reports/${reportId}/`));
const rows = () => ctx.database.db.select().from(damageReportPhotos).where(eq(damageReportPhotos.reportId, reportId));

beforeAll(async () => {
  const payer = await f.customer();
  customer = payer.cookie;
  const booking = await paidBooking(18_000, payer);
  await finish(booking.id, 3);
  const made = await f.as(customer)('POST', `/api/bookings/${booking.id}/damage-report`, {
    description: 'The glass shower door has a new crack.',
  });
  expect(made.status).toBe(201);
  reportId = made.body.id;
  expect(made.body.photos).toEqual([]);
  expect(made.body.actions.addPhotos).toMatchObject({
    method: 'POST',
    href: `/api/damage-reports/${reportId}/photos`,
    type: 'multipart/form-data',
  });
  expect(made.body.actions.addPhotos.fields).toEqual([expect.objectContaining({ name: 'photos', type: 'file' })]);
  photosHref = made.body.actions.addPhotos.href;
  cleaner = await userCookie(f.cleaner.userId);
  const [other] = await ctx.database.db
    .select({ userId: cleaners.userId })
    .from(cleaners)
    .where(and(eq(cleaners.status, 'active')))
    .limit(2)
    .offset(1);
  if (!other || other.userId === f.cleaner.userId) throw new Error('no second cleaner');
  otherCleaner = await userCookie(other.userId);
  stranger = (await f.customer()).cookie;
  admin = await f.adminCookie();
});

describe('photos on a damage report', () => {
  it('refuses a page named .jpg and declared image/jpeg, naming photos and storing nothing', async () => {
    const res = await upload(customer, photosHref, [{ bytes: HTML, name: 'door.jpg', type: 'image/jpeg' }]);
    expect(res.status).toBe(415);
    const body = await json(res);
    expect(body.error.code).toBe('invalid_file_type');
    expect(body.error.fields).toHaveProperty('photos');
    expect(keys()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('refuses a photo of 10 MB + 1 byte, storing nothing', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(customer, photosHref, [{ bytes: big, name: 'big.png', type: 'image/png' }]);
    expect(res.status).toBe(413);
    expect((await json(res)).error.fields).toHaveProperty('photos');
    expect(keys()).toEqual([]);
  });

  it('is added by the reporter only: the cleaner 403, anyone else 404, nobody signed out; nothing read or stored', async () => {
    expect((await upload(cleaner, photosHref, [png('a.png')])).status).toBe(403);
    for (const who of [stranger, otherCleaner])
      expect((await upload(who, photosHref, [png('a.png')])).status).toBe(404);
    expect((await upload(admin, photosHref, [png('a.png')])).status).toBe(401);
    expect((await upload(undefined, photosHref, [png('a.png')])).status).toBe(401);
    expect((await upload(customer, '/api/damage-reports/999999/photos', [png('a.png')])).status).toBe(404);
    expect(keys()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('stores them re-encoded under server-chosen keys (no EXIF, no GPS, upright) and e-mails the cleaner how many', async () => {
    const res = await upload(customer, photosHref, [
      { bytes: JPEG, name: '../../etc/passwd', type: 'text/html' },
      { bytes: PNG, name: 'door.jpg', type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(201);
    const report = await json(res);
    expect(report.photos).toEqual([
      {
        id: expect.any(Number),
        href: expect.stringMatching(new RegExp(`^/api/damage-reports/${reportId}/photos/\\d+$`)),
      },
      {
        id: expect.any(Number),
        href: expect.stringMatching(new RegExp(`^/api/damage-reports/${reportId}/photos/\\d+$`)),
      },
    ]);
    expect(report.actions.addPhotos.description).toContain('Up to 3 more');
    expect(keys()).toHaveLength(2);
    for (const key of keys()) expect(key).toMatch(new RegExp(`^damage-reports/${reportId}/[0-9a-f]{32}\\.(png|jpg)$`));

    const first = await get(customer, report.photos[0].href);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('cache-control')).toMatch(/^private/);
    const served = new Uint8Array(await first.arrayBuffer());
    expect(containsText(JPEG, SAMPLE_GPS_MARKER)).toBe(true);
    expect(containsText(served, SAMPLE_GPS_MARKER)).toBe(false);
    expect(containsText(served, 'Exif')).toBe(false);
    // Turned upright by its orientation before the EXIF went: 8 × 6 stored sideways is 6 × 8.
    expect(jpeg.decode(served, { useTArray: true })).toMatchObject({ width: 6, height: 8 });
    expect((await get(customer, report.photos[1].href)).headers.get('content-type')).toBe('image/png');

    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'damage_photos_added'));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('The customer attached 2 photos to their problem report');
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'damage_report.photos_added'));
    expect(audited.map((a) => a.details)).toEqual([{ reportId, added: 2, total: 2 }]);
  });

  it('shows them to the reporter, the booking’s cleaner and administrators; anyone else gets 404', async () => {
    const [photo] = await rows();
    const href = `/api/damage-reports/${reportId}/photos/${photo?.id}`;
    for (const who of [customer, cleaner, admin]) expect((await get(who, href)).status).toBe(200);
    for (const who of [stranger, otherCleaner]) {
      const res = await get(who, href);
      expect(res.status).toBe(404);
      expect((await json(res)).error.code).toBe('not_found');
    }
    expect((await get(undefined, href)).status).toBe(401);
    // Another report's id with this photo's: no such photo.
    expect((await get(admin, `/api/damage-reports/${reportId + 1000}/photos/${photo?.id}`)).status).toBe(404);
    // Administrators see them on the report, with their addresses; no one but the reporter may add more.
    const listed = await f.as(admin)('GET', '/api/admin/damage-reports');
    const item = listed.body.items.find((r: { id: number }) => r.id === reportId);
    expect(item.photos.map((p: { href: string }) => p.href)).toContain(href);
    expect(item.actions.addPhotos).toBeUndefined();
    expect(item.actions.resolve).toBeDefined();
  });

  it('takes at most five: too many at once or a sixth is refused naming photos, and the action goes at five', async () => {
    const tooMany = await upload(customer, photosHref, [png('3.png'), png('4.png'), png('5.png'), png('6.png')]);
    expect(tooMany.status).toBe(409);
    expect((await json(tooMany)).error).toMatchObject({
      code: 'too_many_photos',
      fields: { photos: expect.any(String) },
    });
    expect(keys()).toHaveLength(2);
    const fill = await upload(customer, photosHref, [png('3.png'), png('4.png'), png('5.png')]);
    expect(fill.status).toBe(201);
    const full = await json(fill);
    expect(full.photos).toHaveLength(5);
    expect(full.actions.addPhotos).toBeUndefined();
    const sixth = await upload(customer, photosHref, [png('6.png')]);
    expect(sixth.status).toBe(409);
    expect((await json(sixth)).error.fields.photos).toBe('At most 5 photos per damage report');
    expect(keys()).toHaveLength(5);
    expect(await rows()).toHaveLength(5);
    const told = await ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.type, 'damage_photos_added'));
    expect(told.map((n) => n.body).join('\n')).toContain('the report now has 5 photos');
  });

  it('takes none once the report is resolved', async () => {
    const payer = await f.customer();
    const booking = await paidBooking(9_000, payer);
    await finish(booking.id, 2);
    const made = await f.as(payer.cookie)('POST', `/api/bookings/${booking.id}/damage-report`, {
      description: 'A scratch on the kitchen table.',
    });
    const resolved = await f.as(admin)('POST', `/api/admin/damage-reports/${made.body.id}/resolve`, {
      outcome: 'release',
      reason: 'The scratch was there before',
    });
    expect(resolved.status).toBe(200);
    const late = await upload(payer.cookie, made.body.actions.addPhotos.href, [png('late.png')]);
    expect(late.status).toBe(409);
    expect((await json(late)).error.code).toBe('report_closed');
    expect(files.keys().filter((k) => k.startsWith(`damage-reports/${made.body.id}/`))).toEqual([]);
  });
});
