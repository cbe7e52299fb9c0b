import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../files/uploads';
import { applicationWorld, dataUrl, HTML, PDF, PNG } from '../test/application-world';
import type { Json } from '../test/harness';
import { samplePdf } from '../test/sample-files';

/** An application's documents: uploads either way, what is refused and stored, who sees and deletes them. */
const { ctx, files, newApplicant, apply, uploadJson, uploadMultipart, documentRows, asAdmin } =
  await applicationWorld();

const TOO_LARGE = 'Please select a file smaller than 10MB.';
const WRONG_TYPE = 'Please select a PDF, JPEG, or PNG file.';

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
