import { MESSAGES } from '@spotless/sdk/rules';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cleanerApplications, notifications } from '../db/schema';
import { applicationWorld, dataUrl, form, PDF } from '../test/application-world';
import type { Json } from '../test/harness';

/** Administrators decide applications and check their documents. */
const { ctx, newApplicant, apply, uploadJson, adminId, asAdmin } = await applicationWorld();

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
