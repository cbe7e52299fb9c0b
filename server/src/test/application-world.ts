/**
 * The world of the cleaner-application suites: a seeded server with an administrator who reviews,
 * applicants who sign up and fill in the whole form, and their documents sent either way the
 * upload route takes them (a JSON data URL or multipart/form-data).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '../auth/cookies';
import { createSession, generateSessionToken } from '../auth/sessions';
import { applicationDocuments, users } from '../db/schema';
import type { memoryFileStorage } from '../files/file-storage';
import { createCustomer, ORIGIN, seedWorld, sessionFor } from './booking-fixtures';
import { createTestContext, type Json } from './harness';
import { samplePdf, samplePng } from './sample-files';

export const PDF = samplePdf();
export const PNG = samplePng();
export const HTML = new TextEncoder().encode(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
);

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const dataUrl = (bytes: Uint8Array, type = 'application/pdf') => `data:${type};base64,${base64(bytes)}`;

/** The whole form, as an applicant fills it in. */
export function form(overrides: Json = {}): Json {
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

export async function applicationWorld() {
  const ctx = await createTestContext({ now: '2026-06-15T12:00:00Z' });
  await seedWorld(ctx);
  const files = ctx.deps.files as ReturnType<typeof memoryFileStorage>;

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

  /** The administrator who reviews: a user with the admin role, in an admin session. */
  const [admin] = await ctx.database.write((tx) =>
    tx
      .insert(users)
      .values({ email: 'reviewer@example.com', firstName: 'Rae', lastName: 'Viewer', role: 'admin' })
      .returning({ id: users.id }),
  );
  const adminId = admin?.id as number;
  const token = generateSessionToken();
  await createSession(ctx.database, token, { userId: adminId, kind: 'admin' }, ctx.clock.now());
  const asAdmin = { cookie: `${ADMIN_SESSION_COOKIE}=${token}`, origin: ORIGIN };

  return { ctx, files, newApplicant, apply, uploadJson, uploadMultipart, documentRows, adminId, asAdmin };
}
