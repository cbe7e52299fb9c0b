import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { samplePdf } from '../src/test/sample-files';
import type { Json } from './call';
import { eachTarget } from './each-target';

/**
 * Cleaner applications on the three targets: a new user applies, uploads a real PDF as multipart
 * (into the folder under data/ on Node, R2 on Workers), a named administrator approves it through
 * the application's `approve` action, and the user is a cleaner with a profile.
 */

/** A real one-page PDF (the server checks a PDF's structure). */
const PDF = samplePdf();

eachTarget((on) => {
  const { call } = on;

  async function register(prefix: string, password: string) {
    const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await call('/api/auth/register', {
      method: 'POST',
      body: { email, password, firstName: prefix, lastName: 'Target' },
    });
    expect(res.status).toBe(201);
    return { email, cookie: `spotless_session=${res.session}` };
  }

  it('applies with a PDF, is approved through the approve action by a named administrator, and becomes a cleaner', async () => {
    const applicant = await register('applicant', 'applicant-password');
    const root = await call('/api', { cookie: applicant.cookie });
    const apply = root.body.actions.apply;
    expect(apply).toMatchObject({ method: 'POST', href: '/api/applications' });
    const submitted = await call(apply.href, {
      method: apply.method,
      cookie: applicant.cookie,
      body: {
        bio: 'Ten years of careful home cleaning.',
        experience: '10+',
        hourlyRate: 42.5,
        serviceTypes: ['residential', 'deep'],
        coverageAreas: ['Austin, TX', ' austin,  tx '],
        availability: { tuesday: { available: true, hours: '8:00-16:00' } },
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const application = submitted.body;
    expect(application.coverageAreas).toEqual(['Austin, TX']);

    const upload = new FormData();
    upload.set('documentType', 'id');
    upload.set('file', new File([PDF], 'id.pdf', { type: 'application/pdf' }));
    const uploaded = await call(application.actions.uploadDocument.href, {
      method: 'POST',
      cookie: applicant.cookie,
      body: upload,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body).toMatchObject({ mimeType: 'application/pdf', fileSize: PDF.byteLength, status: 'pending' });
    const file = await fetch(`${on.target.url}${uploaded.body.fileUrl}`, { headers: { cookie: applicant.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // A named administrator (decision 030): an account given the role, signed in, then the admin login.
    const admin = await register('admin', 'admin-target-password');
    const db = createClient({ url: on.target.databaseUrl });
    try {
      await db.execute({ sql: "update users set role = 'admin' where email = ?", args: [admin.email] });
    } finally {
      db.close();
    }
    const adminLogin = await call('/api/admin/login', {
      method: 'POST',
      cookie: admin.cookie,
      body: { password: 'admin-target-password' },
    });
    expect(adminLogin.status, JSON.stringify(adminLogin.body)).toBe(200);
    const asAdmin = `${admin.cookie}; spotless_admin_session=${adminLogin.adminSession}`;

    const pending = await call('/api/admin/applications?status=pending&pageSize=100', { cookie: asAdmin });
    expect(pending.status).toBe(200);
    expect(pending.body.counts.pending).toBeGreaterThan(0);
    const listed = pending.body.items.find((a: Json) => a.id === application.id);
    const review = await call(listed.links.review.href, { cookie: asAdmin });
    expect(review.body.documents.map((d: Json) => d.id)).toEqual([uploaded.body.id]);
    const approve = review.body.actions.approve;
    const approved = await call(approve.href, {
      method: approve.method,
      cookie: asAdmin,
      body: { status: 'approved', adminNotes: 'Welcome' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('approved');

    const me = await call('/api/auth/user', { cookie: applicant.cookie });
    expect(me.body.roles).toContain('cleaner');
    const profile = await call('/api/cleaners/profile', { cookie: applicant.cookie });
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(approved.body.cleanerId);
    const hours = await call(`/api/cleaners/${approved.body.cleanerId}/availability`);
    expect((hours.body.items ?? hours.body).map((h: Json) => [h.dayOfWeek, h.startTime, h.endTime])).toEqual([
      [2, '08:00', '16:00'],
    ]);
  });
});
