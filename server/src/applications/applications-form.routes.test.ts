import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cleanerApplications, notifications } from '../db/schema';
import { applicationWorld, form } from '../test/application-world';
import type { Json } from '../test/harness';

/** Applying to clean: the application form's rules. */
const { ctx, newApplicant, apply } = await applicationWorld();

const HOURLY = 'Please enter a valid hourly rate between $15 and $100.';

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
