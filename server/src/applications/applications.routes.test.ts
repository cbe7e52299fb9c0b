import { MESSAGES } from '@spotless/sdk/rules';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { applicationDocuments, auditLog, cleanerApplications, notifications, users } from '../db/schema';
import type { memoryFileStorage } from '../lib/file-storage';
import { UPLOAD_MAX_BYTES } from '../lib/uploads';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from '../test/booking-fixtures';
import { createTestContext, type Json } from '../test/harness';
import { samplePdf, samplePng } from '../test/sample-files';

const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
await seedWorld(ctx);
const files = ctx.deps.files as ReturnType<typeof memoryFileStorage>;

const HOURLY = 'Please enter a valid hourly rate between $15 and $100.';
const TOO_LARGE = 'Please select a file smaller than 10MB.';
const WRONG_TYPE = 'Please select a PDF, JPEG, or PNG file.';

const PDF = samplePdf();
const PNG = samplePng();
const HTML = new TextEncoder().encode(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
);

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const dataUrl = (bytes: Uint8Array, type = 'application/pdf') => `data:${type};base64,${base64(bytes)}`;

function form(overrides: Json = {}): Json {
  return {
    bio: 'Ten years of careful, friendly home cleaning.',
    experience: '5-10',
    hourlyRate: 32.5,
    serviceTypes: ['residential', 'deep'],
    coverageAreas: ['Austin, TX'],
    hasInsurance: true,
    hasBond: false,
    previousExperience: 'Hotel housekeeping',
    equipment: 'My own vacuum and supplies',
    availability: {
      monday: { available: true, hours: '9:00-17:00' },
      tuesday: { available: true, hours: '8:30-12:00' },
      wednesday: { available: false, hours: '9:00-17:00' },
    },
    emergencyContact: { name: 'Sam Doe', phone: '(512) 555-0100', relationship: 'Sibling' },
    references: [
      { name: 'Pat Lee', phone: '(512) 555-0101', email: 'pat@example.com', relationship: 'Former employer' },
      { name: 'Kim Ray', phone: '(512) 555-0102', email: 'kim@example.com', relationship: 'Client' },
    ],
    ...overrides,
  };
}

async function newApplicant(name = 'Applicant') {
  const id = await createCustomer(ctx, name);
  return { id, headers: await sessionFor(ctx, id) };
}

async function apply(headers: Record<string, string>, overrides: Json = {}) {
  const res = await ctx.json<Json>('/api/applications', { method: 'POST', headers, body: form(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const uploadJson = (headers: Record<string, string>, applicationId: number, body: Json) =>
  ctx.json<Json>(`/api/applications/${applicationId}/documents`, { method: 'POST', headers, body });

async function uploadMultipart(
  headers: Record<string, string>,
  applicationId: number,
  bytes: Uint8Array,
  fileName: string,
  type: string,
  documentType = 'id',
) {
  const data = new FormData();
  data.set('documentType', documentType);
  data.set('file', new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type }));
  const res = await ctx.app.request(`/api/applications/${applicationId}/documents`, {
    method: 'POST',
    headers,
    body: data,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

async function documentRows(applicationId: number) {
  return ctx.database.db
    .select()
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
}

let adminId: number;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  const [admin] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values({ email: 'reviewer@example.com', firstName: 'Rae', lastName: 'Viewer', role: 'admin' })
      .returning({ id: users.id }),
  );
  adminId = admin?.id as number;
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: adminId, kind: 'admin' }, ctx.clock.now());
  asAdmin = { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };
});

describe('POST /api/applications: the form’s rules', () => {
  it('names every missing required field with "Missing Required Fields"', async () => {
    const { headers } = await newApplicant();
    const res = await ctx.json<Json>('/api/applications', { method: 'POST', headers, body: {} });
    expect(res.status).toBe(400);
    const fields = res.body.error.fields;
    for (const name of ['bio', 'experience', 'hourlyRate', 'serviceTypes', 'coverageAreas']) {
      expect(fields[name], name).toContain('Missing Required Fields');
    }
    const blank = await ctx.json<Json>('/api/applications', {
      method: 'POST',
      headers,
      body: form({ bio: '   ', experience: '', hourlyRate: '', serviceTypes: [], coverageAreas: ['  ', ''] }),
    });
    expect(Object.keys(blank.body.error.fields).sort()).toEqual([
      'bio',
      'coverageAreas',
      'experience',
      'hourlyRate',
      'serviceTypes',
    ]);
    expect(await ctx.database.db.select().from(cleanerApplications).where(eq(cleanerApplications.bio, ''))).toEqual([]);
  });

  it('takes an hourly rate from 15 to 100 in steps of 0.50 only', async () => {
    const { headers } = await newApplicant();
    for (const hourlyRate of [14.5, 100.5, 20.25, 'abc', '-20', 0]) {
      const res = await ctx.json<Json>('/api/applications', { method: 'POST', headers, body: form({ hourlyRate }) });
      expect(res.status, String(hourlyRate)).toBe(400);
      expect(res.body.error.fields, String(hourlyRate)).toEqual({ hourlyRate: HOURLY });
    }
    const ok = await apply(headers, { hourlyRate: '15' });
    expect(ok.hourlyRate).toBe('15.00');
  });

  it('checks the experience options and service types, and ignores repeated coverage areas', async () => {
    const { headers } = await newApplicant();
    const bad = await ctx.json<Json>('/api/applications', {
      method: 'POST',
      headers,
      body: form({ experience: 'lots', serviceTypes: ['residential', 'space'] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.experience).toBe('Please choose 0-1, 1-3, 3-5, 5-10 or 10+ years');
    expect(bad.body.error.fields['serviceTypes.1']).toBeDefined();
    const ok = await apply(headers, {
      experience: '10+',
      hourlyRate: 100,
      serviceTypes: ['deep', 'deep', 'moveout'],
      coverageAreas: ['Austin', ' austin ', 'Round  Rock', 'round rock', ''],
    });
    expect(ok.serviceTypes).toEqual(['deep', 'moveout']);
    expect(ok.coverageAreas).toEqual(['Austin', 'Round Rock']);
    expect(ok.status).toBe('pending');
  });

  it('needs one coverage area in a city we serve, and sane weekly hours', async () => {
    const { headers } = await newApplicant();
    const nowhere = await ctx.json<Json>('/api/applications', {
      method: 'POST',
      headers,
      body: form({ coverageAreas: ['Atlantis'] }),
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.error.fields.coverageAreas).toMatch(/city we serve/);
    const hours = await ctx.json<Json>('/api/applications', {
      method: 'POST',
      headers,
      body: form({ availability: { monday: { available: true, hours: '17:00-9:00' } } }),
    });
    expect(hours.status).toBe(400);
    expect(hours.body.error.fields['availability.monday.hours']).toMatch(/9:00-17:00/);
  });

  it('allows one open application per user: a second is 409 "already have a pending application"', async () => {
    const { headers } = await newApplicant();
    const first = await apply(headers);
    const second = await ctx.json<Json>('/api/applications', { method: 'POST', headers, body: form() });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toContain('already have a pending application');
    const own = await ctx.json<Json>('/api/applications', { headers });
    expect(own.body.items.map((a: Json) => a.id)).toEqual([first.id]);
    expect(own.body.actions.apply).toBeUndefined();
  });

  it('keeps the form’s extra fields and offers the applicant the upload action only', async () => {
    const { headers } = await newApplicant();
    const own = await ctx.json<Json>('/api/applications', { headers });
    expect(own.body.items).toEqual([]);
    expect(own.body.actions.apply).toMatchObject({ method: 'POST', href: '/api/applications' });
    const created = await apply(headers);
    expect(created).toMatchObject({
      previousExperience: 'Hotel housekeeping',
      equipment: 'My own vacuum and supplies',
      emergencyContact: { name: 'Sam Doe', relationship: 'Sibling' },
      availability: { monday: { available: true, hours: '9:00-17:00' } },
      hasInsurance: true,
      hasBond: false,
      adminNotes: null,
    });
    expect(created.references).toHaveLength(2);
    expect(Object.keys(created.actions)).toEqual(['uploadDocument']);
    expect(created.links.self.href).toBe(`/api/applications/${created.id}`);
    expect(created.links.documents.href).toBe(`/api/applications/${created.id}/documents`);
    const notice = await ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `application_submitted:${created.id}`));
    expect(notice).toHaveLength(1);
  });

  it('is for signed-in users', async () => {
    expect((await ctx.json('/api/applications', { method: 'POST', body: form() })).status).toBe(401);
  });
});

describe('documents', () => {
  it('accepts the JSON data URL and stores the bytes under a server-chosen key', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    const res = await uploadJson(headers, app.id, {
      applicationId: 999,
      documentType: 'insurance',
      fileName: 'insurance.pdf',
      fileUrl: dataUrl(PDF),
      fileSize: 1,
      mimeType: 'image/png',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      applicationId: app.id,
      documentType: 'insurance',
      fileName: 'insurance.pdf',
      fileSize: PDF.byteLength,
      mimeType: 'application/pdf',
      status: 'pending',
      rejectionReason: null,
      fileUrl: `/api/documents/${res.body.id}/file`,
    });
    expect(Object.keys(res.body.actions)).toEqual(['delete']);
    const [row] = await documentRows(app.id);
    expect(row?.storageKey).toMatch(new RegExp(`^documents/${app.id}/[0-9a-f]{32}\\.pdf$`));
    expect(files.keys()).toContain(row?.storageKey);

    const download = await ctx.app.request(res.body.fileUrl, { headers });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="insurance.pdf"/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    // The file's own policy, not the site's: opened directly it runs nothing and loads nothing.
    expect(download.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF);
  });

  it('accepts multipart/form-data, typed by the bytes whatever the declared type', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    const res = await uploadMultipart(headers, app.id, PNG, 'id-card.png', 'application/octet-stream', 'id');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ documentType: 'id', fileName: 'id-card.png', mimeType: 'image/png' });
    const list = await ctx.json<Json>(`/api/applications/${app.id}/documents`, { headers });
    expect(list.body.items.map((d: Json) => d.id)).toEqual([res.body.id]);
    expect(list.body.actions.upload.href).toBe(`/api/applications/${app.id}/documents`);
  });

  it('refuses an HTML file renamed .pdf with "Please select a PDF, JPEG, or PNG file." and stores nothing', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    const before = files.keys();
    const json = await uploadJson(headers, app.id, {
      documentType: 'id',
      fileName: 'resume.pdf',
      fileUrl: dataUrl(HTML, 'application/pdf'),
      mimeType: 'application/pdf',
    });
    expect(json.status).toBe(415);
    expect(json.body.error).toMatchObject({ code: 'invalid_file_type', message: WRONG_TYPE });
    const multipart = await uploadMultipart(headers, app.id, HTML, 'resume.pdf', 'application/pdf');
    expect(multipart.status).toBe(415);
    expect(multipart.body.error.message).toBe(WRONG_TYPE);
    expect(files.keys()).toEqual(before);
    expect(await documentRows(app.id)).toEqual([]);
  });

  it('refuses 10MB + 1 byte with "Please select a file smaller than 10MB." and stores nothing, and takes exactly 10MB', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    const before = files.keys();
    const big = samplePdf('big', { size: UPLOAD_MAX_BYTES + 1 });
    const multipart = await uploadMultipart(headers, app.id, big, 'big.pdf', 'application/pdf');
    expect(multipart.status).toBe(413);
    expect(multipart.body.error).toMatchObject({ code: 'file_too_large', message: TOO_LARGE });
    const json = await uploadJson(headers, app.id, { documentType: 'id', fileName: 'big.pdf', fileUrl: dataUrl(big) });
    expect(json.status).toBe(413);
    expect(json.body.error.message).toBe(TOO_LARGE);
    expect(files.keys()).toEqual(before);
    expect(await documentRows(app.id)).toEqual([]);

    const max = samplePdf('max', { size: UPLOAD_MAX_BYTES });
    const exact = await uploadMultipart(headers, app.id, max, 'max.pdf', 'x/y');
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    expect(exact.body.fileSize).toBe(UPLOAD_MAX_BYTES);
  });

  it('stops reading an oversized body as soon as it passes the limit, with or without a Content-Length', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
        if (pulled >= 100 * chunk.byteLength) controller.close();
      },
    });
    const res = await ctx.app.request(`/api/applications/${app.id}/documents`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(20 * chunk.byteLength);

    const declared = await ctx.app.request(`/api/applications/${app.id}/documents`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) },
      body: '{}',
    });
    expect(declared.status).toBe(413);
    expect(await documentRows(app.id)).toEqual([]);
  });

  it('hides another user’s application and documents (404), and only the applicant uploads and deletes', async () => {
    const owner = await newApplicant('Owner');
    const stranger = await newApplicant('Stranger');
    const app = await apply(owner.headers);
    const doc = (
      await uploadJson(owner.headers, app.id, { documentType: 'bond', fileName: 'b.pdf', fileUrl: dataUrl(PDF) })
    ).body;
    const before = files.keys();
    for (const path of [
      `/api/applications/${app.id}`,
      `/api/applications/${app.id}/documents`,
      `/api/documents/${doc.id}`,
      `/api/documents/${doc.id}/file`,
    ]) {
      expect((await ctx.json(path, { headers: stranger.headers })).status, path).toBe(404);
      expect((await ctx.json(path)).status, path).toBe(401);
      expect((await ctx.json(path, { headers: asAdmin })).status, path).toBe(200);
    }
    expect((await ctx.json(`/api/documents/${doc.id}`, { method: 'DELETE', headers: stranger.headers })).status).toBe(
      404,
    );
    const foreign = await uploadJson(stranger.headers, app.id, {
      documentType: 'id',
      fileName: 'x.pdf',
      fileUrl: dataUrl(PDF),
    });
    expect(foreign.status).toBe(404);
    expect(files.keys()).toEqual(before);

    const admin = await ctx.json<Json>(`/api/documents/${doc.id}`, { headers: asAdmin });
    expect(Object.keys(admin.body.actions).sort()).toEqual(['reject', 'verify']);
  });

  it('deletes a document with its bytes, and freezes documents once the application is decided', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    const first = (await uploadJson(headers, app.id, { documentType: 'id', fileName: 'a.pdf', fileUrl: dataUrl(PDF) }))
      .body;
    const second = (await uploadMultipart(headers, app.id, PNG, 'b.png', 'image/png', 'reference_letter')).body;
    const [row] = (await documentRows(app.id)).filter((d) => d.id === first.id);
    const deleted = await ctx.json<Json>(first.actions.delete.href, { method: first.actions.delete.method, headers });
    expect(deleted.status).toBe(200);
    expect(files.keys()).not.toContain(row?.storageKey);
    expect((await documentRows(app.id)).map((d) => d.id)).toEqual([second.id]);

    const rejected = await ctx.json<Json>(`/api/admin/applications/${app.id}/status`, {
      method: 'PATCH',
      headers: asAdmin,
      body: { status: 'rejected', adminNotes: 'Incomplete' },
    });
    expect(rejected.status).toBe(200);
    const again = await ctx.json<Json>(`/api/documents/${second.id}`, { headers });
    expect(again.body.actions).toEqual({});
    expect((await ctx.json(`/api/documents/${second.id}`, { method: 'DELETE', headers })).status).toBe(409);
    const late = await uploadJson(headers, app.id, { documentType: 'id', fileName: 'c.pdf', fileUrl: dataUrl(PDF) });
    expect(late.status).toBe(409);
  });
});

describe('administration', () => {
  it('is for administrators: a customer cannot list, approve or review documents (403)', async () => {
    const { headers } = await newApplicant();
    const app = await apply(headers);
    expect((await ctx.json('/api/admin/applications', { headers })).status).toBe(403);
    const approve = await ctx.json(`/api/admin/applications/${app.id}/status`, {
      method: 'PATCH',
      headers,
      body: { status: 'approved' },
    });
    expect(approve.status).toBe(403);
    const [row] = await ctx.database.db.select().from(cleanerApplications).where(eq(cleanerApplications.id, app.id));
    expect(row?.status).toBe('pending');
  });

  it('lists applications by status with the counts per status', async () => {
    const all = await ctx.json<Json>('/api/admin/applications?pageSize=100', { headers: asAdmin });
    expect(all.status).toBe(200);
    const { counts } = all.body;
    expect(counts.total).toBe(counts.pending + counts.under_review + counts.approved + counts.rejected);
    expect(all.body.total).toBe(counts.total);
    const pending = await ctx.json<Json>('/api/admin/applications?status=pending&pageSize=100', { headers: asAdmin });
    expect(pending.body.total).toBe(counts.pending);
    expect(pending.body.items.every((a: Json) => a.status === 'pending')).toBe(true);
    const first = pending.body.items[0];
    expect(Object.keys(first.actions).sort()).toEqual(['approve', 'reject', 'startReview']);
    expect(first.links.review.href).toBe(`/api/admin/applications/${first.id}`);
    expect((await ctx.json('/api/admin/applications?status=nope', { headers: asAdmin })).status).toBe(400);
  });

  it('approves through the approve action: a searchable cleaner with the application’s hours, audit and outbox', async () => {
    const applicant = await newApplicant('Newcleaner');
    const app = await apply(applicant.headers, { coverageAreas: ['Downtown Austin', 'Round Rock'] });
    await uploadJson(applicant.headers, app.id, { documentType: 'id', fileName: 'id.pdf', fileUrl: dataUrl(PDF) });
    const review = await ctx.json<Json>(`/api/admin/applications/${app.id}`, { headers: asAdmin });
    expect(review.body.documents).toHaveLength(1);
    const approve = review.body.actions.approve;
    expect(approve.fields.find((f: Json) => f.name === 'status').value).toBe('approved');
    const res = await ctx.json<Json>(approve.href, {
      method: approve.method,
      headers: asAdmin,
      body: { status: 'approved', adminNotes: 'Welcome aboard' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', adminNotes: 'Welcome aboard' });
    expect(res.body.actions.approve).toBeUndefined();
    const cleanerId = res.body.cleanerId;
    expect(res.body.links.cleaner.href).toBe(`/api/cleaners/${cleanerId}`);

    const me = await ctx.json<Json>('/api/auth/user', { headers: applicant.headers });
    expect(me.body.roles).toContain('cleaner');
    expect(me.body.cleanerId).toBe(cleanerId);
    const profile = await ctx.json<Json>('/api/cleaners/profile', { headers: applicant.headers });
    expect(profile.status).toBe(200);
    const cleaner = await ctx.json<Json>(`/api/cleaners/${cleanerId}`);
    expect(cleaner.body).toMatchObject({
      city: 'Austin',
      state: 'TX',
      timeZone: 'America/Chicago',
      hourlyRate: '32.50',
    });
    const found = await ctx.json<Json>('/api/cleaners?location=Austin&radius=25&pageSize=100&sortBy=price');
    expect(found.body.items.map((c: Json) => c.id)).toContain(cleanerId);
    const hours = await ctx.json<Json>(`/api/cleaners/${cleanerId}/availability`);
    const week = (hours.body.items ?? hours.body).map((h: Json) => [h.dayOfWeek, h.startTime, h.endTime]);
    expect(week).toEqual([
      [1, '09:00', '17:00'],
      [2, '08:30', '12:00'],
    ]);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'cleaner_application'),
          eq(auditLog.entityId, String(app.id)),
          eq(auditLog.action, 'application.approved'),
        ),
      );
    expect(audit).toMatchObject({ actorUserId: adminId, actorRole: 'admin' });
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientUserId, applicant.id), eq(notifications.type, 'application_approved')));
    expect(notice?.subject).toMatch(/approved/);

    const twice = await ctx.json<Json>(approve.href, {
      method: 'PATCH',
      headers: asAdmin,
      body: { status: 'approved' },
    });
    expect(twice.status).toBe(409);
    const reapply = await ctx.json<Json>('/api/applications', {
      method: 'POST',
      headers: applicant.headers,
      body: form(),
    });
    expect(reapply.status).toBe(409);
  });

  it('refuses a rejection without a reason, as the reject action says (its adminNotes field is required)', async () => {
    const applicant = await newApplicant();
    const app = await apply(applicant.headers);
    const view = (await ctx.json<Json>(`/api/admin/applications/${app.id}`, { headers: asAdmin })).body;
    const notes = view.actions.reject.fields.find((f: { name: string }) => f.name === 'adminNotes');
    expect(notes.required).toBe(true);
    expect(view.actions.approve.fields.find((f: { name: string }) => f.name === 'adminNotes').required).toBe(false);
    for (const body of [{ status: 'rejected' }, { status: 'rejected', adminNotes: '   ' }]) {
      const res = await ctx.json<Json>(view.actions.reject.href, { method: 'PATCH', headers: asAdmin, body });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ adminNotes: MESSAGES.application.rejectReasonRequired });
    }
    const still = (await ctx.json<Json>(`/api/admin/applications/${app.id}`, { headers: asAdmin })).body;
    expect(still.status).toBe('pending');
  });

  it('rejects with the reason recorded and sent, and can approve a rejected application later', async () => {
    const applicant = await newApplicant();
    const app = await apply(applicant.headers);
    const res = await ctx.json<Json>(`/api/admin/applications/${app.id}/status`, {
      method: 'PATCH',
      headers: asAdmin,
      body: { status: 'rejected', notes: 'Could not verify identity document.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', adminNotes: 'Could not verify identity document.' });
    expect(Object.keys(res.body.actions)).toEqual(['approve']);
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientUserId, applicant.id), eq(notifications.type, 'application_rejected')));
    expect(notice?.body).toContain('Reason: Could not verify identity document.');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(app.id)), eq(auditLog.action, 'application.rejected')));
    expect(audit?.details).toMatchObject({
      from: 'pending',
      to: 'rejected',
      notes: 'Could not verify identity document.',
    });
    // A rejected applicant may apply again.
    const own = await ctx.json<Json>('/api/applications', { headers: applicant.headers });
    expect(own.body.actions.apply).toBeDefined();
  });

  it('verifies a document, and rejects one only with a reason the applicant is sent', async () => {
    const applicant = await newApplicant();
    const app = await apply(applicant.headers);
    const doc = (
      await uploadJson(applicant.headers, app.id, {
        documentType: 'background_check',
        fileName: 'bg.pdf',
        fileUrl: dataUrl(PDF),
      })
    ).body;
    const admin = (await ctx.json<Json>(`/api/documents/${doc.id}`, { headers: asAdmin })).body;
    // Approve warns while a document is unchecked, in the list (quick approve) and the review.
    const approveText = async () => {
      const list = await ctx.json<Json>('/api/admin/applications?status=pending&limit=100', { headers: asAdmin });
      const row = (list.body.items as Json[]).find((item) => item.id === app.id);
      const review = await ctx.json<Json>(`/api/admin/applications/${app.id}`, { headers: asAdmin });
      expect(review.body.actions.approve.description).toBe(row?.actions.approve.description);
      return review.body.actions.approve.description as string | undefined;
    };
    expect(await approveText()).toBe('1 of 1 document is not verified yet.');
    const noReason = await ctx.json<Json>(admin.actions.reject.href, {
      method: 'PATCH',
      headers: asAdmin,
      body: { status: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.rejectionReason).toBeDefined();
    const rejected = await ctx.json<Json>(admin.actions.reject.href, {
      method: 'PATCH',
      headers: asAdmin,
      body: { status: 'rejected', rejectionReason: 'Blurry scan' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Blurry scan' });
    expect(Object.keys(rejected.body.actions)).toEqual(['verify']);
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientUserId, applicant.id), eq(notifications.type, 'application_document_rejected')),
      );
    expect(notice?.body).toContain('Blurry scan');
    const verified = await ctx.json<Json>(admin.actions.verify.href, {
      method: 'PATCH',
      headers: asAdmin,
      body: { status: 'verified' },
    });
    expect(verified.body).toMatchObject({ status: 'verified', rejectionReason: null });
    expect(await approveText()).toBeUndefined();
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'application_document'), eq(auditLog.entityId, String(doc.id))));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ['application_document.uploaded', applicant.id],
      ['application_document.rejected', adminId],
      ['application_document.verified', adminId],
    ]);
    const byCustomer = await ctx.json(`/api/admin/documents/${doc.id}`, {
      method: 'PATCH',
      headers: applicant.headers,
      body: { status: 'verified' },
    });
    expect(byCustomer.status).toBe(403);
  });
});

describe('unverifiedWarning', () => {
  it('says what is unchecked, and nothing once every document is verified', async () => {
    const { unverifiedWarning } = await import('./applications.resource');
    expect(unverifiedWarning(0, 0)).toMatch(/No documents were uploaded/);
    expect(unverifiedWarning(3, 1)).toBe('2 of 3 documents are not verified yet.');
    expect(unverifiedWarning(2, 2)).toBeUndefined();
  });
});
