import {
  AdminApplicationListQuery,
  AdminApplicationPage,
  Application,
  ApplicationDocument,
  ApplicationDocumentList,
  ApplicationInput,
  ApplicationList,
  ApplicationStatusInput,
  DocumentReviewInput,
  IdParam,
} from '@spotless/sdk/schemas';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { getActor, getUser, isAdmin, requireAdmin, requireUser, unauthorized } from '../auth/guards';
import type { AppEnv } from '../deps';
import { describe } from '../lib/openapi';
import { attachmentDisposition } from '../lib/uploads';
import { valid } from '../lib/validate';
import type { ApplicationViewer } from './application-rules';
import {
  renderAdminPage,
  renderApplication,
  renderDocument,
  renderDocumentList,
  renderOwnApplications,
} from './applications.resource';
import {
  assertMayUpload,
  deleteDocument,
  getApplication,
  getApplicationForReview,
  getDocument,
  listAdminApplications,
  listApplicationDocuments,
  listOwnApplications,
  openDocumentFile,
  reviewDocument,
  setApplicationStatus,
  submitApplication,
  uploadDocument,
} from './applications.service';
import { documentUploadBody, readDocumentUpload } from './document-upload';

/** The signed-in user and/or the admin session; 401 with neither. */
function viewerOf(c: Context<AppEnv>): ApplicationViewer {
  const user = getUser(c);
  if (!user && !isAdmin(c)) throw unauthorized();
  return { userId: user?.id ?? getActor(c).userId, isAdmin: isAdmin(c) };
}

/** A signed-in user (401 otherwise), who may also hold an admin session. */
function userViewerOf(c: Context<AppEnv>): ApplicationViewer {
  return { userId: requireUser(c).id, isAdmin: isAdmin(c) };
}

/** The admin session (401 signed out, 403 for anyone else), named for the audit log (decision 030). */
function adminViewerOf(c: Context<AppEnv>): ApplicationViewer {
  return { userId: requireAdmin(c).userId, isAdmin: true };
}

const idParam = valid('param', z.object({ id: IdParam }));

const FILE_HEADERS = (type: string, fileName: string, size: number) => ({
  'content-type': type,
  'content-length': String(size),
  'content-disposition': attachmentDisposition(fileName),
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  // Opened directly, an uploaded file still runs nothing and loads nothing.
  'content-security-policy': "default-src 'none'; sandbox",
});

/** `/api/applications`: the signed-in user's own applications and their documents. */
export const applicationsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listApplications',
      security: 'user',
      summary: 'The signed-in user’s cleaner applications',
      description:
        'Newest first. The `apply` action is offered while the user has no open (pending or under review) application and no active cleaner profile.',
      tags: ['applications'],
      access: 'signed-in user',
      responses: {
        200: { description: 'Their applications', schema: ApplicationList },
        401: { description: 'Signed out' },
      },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(renderOwnApplications(c.var.operations, await listOwnApplications(c.var.deps, user.id)));
    },
  )
  .post(
    '/',
    describe({
      operationId: 'submitApplication',
      security: 'user',
      summary: 'Apply to be a cleaner',
      description:
        'Spec 02 §5: bio, experience (0-1, 1-3, 3-5, 5-10, 10+), hourlyRate (15 to 100 in steps of 0.50), at least one service type and one coverage area (repeats ignored; at least one must name a city we serve, where the approved cleaner is placed) are required; each missing or invalid field is named in `fields`. One open application per user: a second is 409 "You already have a pending application".',
      tags: ['applications'],
      access: 'signed-in user',
      responses: {
        201: { description: 'The application, pending', schema: Application },
        400: { description: 'A field is missing or invalid; `fields` names each' },
        401: { description: 'Signed out' },
        409: {
          description: 'An open application exists (`application_exists`), or already a cleaner (`already_cleaner`)',
        },
      },
    }),
    valid('json', ApplicationInput),
    async (c) => {
      const user = requireUser(c);
      const answer = await submitApplication(c.var.deps, { userId: user.id }, c.req.valid('json'));
      return c.json(renderApplication(c.var.operations, answer), 201);
    },
  )
  .get(
    '/:id',
    describe({
      operationId: 'getApplication',
      security: 'user-or-admin',
      summary: 'One application',
      description: 'For its applicant or an administrator; anyone else gets 404.',
      tags: ['applications'],
      access: 'applicant, admin',
      responses: {
        200: { description: 'The application', schema: Application },
        401: { description: 'Signed out' },
        404: { description: 'No such application, or not yours' },
      },
    }),
    idParam,
    async (c) =>
      c.json(
        renderApplication(c.var.operations, await getApplication(c.var.deps, viewerOf(c), c.req.valid('param').id)),
      ),
  )
  .get(
    '/:id/documents',
    describe({
      operationId: 'listApplicationDocuments',
      security: 'user-or-admin',
      summary: 'An application’s documents',
      description: 'For its applicant or an administrator; anyone else gets 404.',
      tags: ['applications'],
      access: 'applicant, admin',
      responses: {
        200: { description: 'The documents, oldest first', schema: ApplicationDocumentList },
        401: { description: 'Signed out' },
        404: { description: 'No such application, or not yours' },
      },
    }),
    idParam,
    async (c) => {
      const { application } = await listApplicationDocuments(c.var.deps, viewerOf(c), c.req.valid('param').id);
      return c.json(renderDocumentList(c.var.operations, application));
    },
  )
  .post(
    '/:id/documents',
    describe({
      operationId: 'uploadApplicationDocument',
      security: 'user',
      summary: 'Upload a document (the applicant, while the application is open)',
      description:
        'As JSON (spec 02 §7: documentType, fileName, fileUrl as a base64 data URL; fileSize and mimeType are ignored) or as multipart/form-data (`file`, `documentType`, optional `fileName`). At most 10MB: a larger body or file is 413 "Please select a file smaller than 10MB.", refused while it arrives. The type is read from the file’s first bytes (PDF, JPEG or PNG), never its name or declared type: anything else is 415 "Please select a PDF, JPEG, or PNG file.". A refused upload stores nothing.',
      tags: ['applications'],
      access: 'applicant',
      responses: {
        201: { description: 'The document, pending verification', schema: ApplicationDocument },
        400: { description: 'A field is missing or invalid' },
        401: { description: 'Signed out' },
        403: { description: 'An administrator: only the applicant uploads' },
        404: { description: 'No such application, or not yours' },
        409: { description: 'The application is decided, or holds too many documents' },
        413: { description: 'Larger than 10MB' },
        415: { description: 'Not a PDF, JPEG or PNG file, or the body is neither JSON nor multipart' },
      },
    }),
    idParam,
    documentUploadBody,
    async (c) => {
      const viewer = userViewerOf(c);
      const { id } = c.req.valid('param');
      const { deps } = c.var;
      // Checked before the body is read: a stranger's bytes are never taken in.
      await assertMayUpload(deps, viewer, id);
      const answer = await uploadDocument(deps, viewer, id, await readDocumentUpload(c.req.raw));
      return c.json(renderDocument(c.var.operations, answer), 201);
    },
  );

/** `/api/documents`: one document, its file, and its removal. */
export const documentsRoutes = new Hono<AppEnv>()
  .get(
    '/:id',
    describe({
      operationId: 'getApplicationDocument',
      security: 'user-or-admin',
      summary: 'One application document',
      description: 'For the applicant or an administrator; anyone else gets 404.',
      tags: ['applications'],
      access: 'applicant, admin',
      responses: {
        200: { description: 'The document', schema: ApplicationDocument },
        401: { description: 'Signed out' },
        404: { description: 'No such document, or not yours' },
      },
    }),
    idParam,
    async (c) =>
      c.json(renderDocument(c.var.operations, await getDocument(c.var.deps, viewerOf(c), c.req.valid('param').id))),
  )
  .get(
    '/:id/file',
    describe({
      operationId: 'downloadApplicationDocument',
      security: 'user-or-admin',
      summary: 'Download a document’s file',
      description:
        'For the applicant or an administrator; anyone else gets 404. Always an attachment, with the type read from the file’s bytes and `X-Content-Type-Options: nosniff`.',
      tags: ['applications'],
      access: 'applicant, admin',
      responses: {
        200: { description: 'The file (application/pdf, image/jpeg or image/png)' },
        401: { description: 'Signed out' },
        404: { description: 'No such document, or not yours' },
      },
    }),
    idParam,
    async (c) => {
      const { document, file } = await openDocumentFile(c.var.deps, viewerOf(c), c.req.valid('param').id);
      return c.body(file.body, 200, FILE_HEADERS(document.mimeType, document.fileName, file.size));
    },
  )
  .delete(
    '/:id',
    describe({
      operationId: 'deleteApplicationDocument',
      security: 'user',
      summary: 'Delete a document (the applicant, while the application is open)',
      description: 'The stored file is deleted with it. Anyone but the applicant and administrators gets 404.',
      tags: ['applications'],
      access: 'applicant',
      responses: {
        200: { description: 'The application the document belonged to', schema: Application },
        401: { description: 'Signed out' },
        403: { description: 'An administrator: only the applicant deletes' },
        404: { description: 'No such document, or not yours' },
        409: { description: 'The application is decided' },
      },
    }),
    idParam,
    async (c) =>
      c.json(
        renderApplication(c.var.operations, await deleteDocument(c.var.deps, userViewerOf(c), c.req.valid('param').id)),
      ),
  );

/** `/api/admin/...`: the administrators' review of applications and documents. */
export const adminApplicationsRoutes = new Hono<AppEnv>()
  .get(
    '/applications',
    describe({
      operationId: 'listAdminApplications',
      security: 'admin',
      summary: 'Applications to review, with the counts per status (administrators)',
      description:
        'Newest first; `status` keeps one status (`all` or none: every one). `counts` covers every application.',
      tags: ['applications', 'admin'],
      access: 'admin',
      responses: {
        200: { description: 'A page of applications', schema: AdminApplicationPage },
        400: { description: 'A parameter is malformed' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
      },
    }),
    valid('query', AdminApplicationListQuery),
    async (c) => {
      const viewer = adminViewerOf(c);
      const query = c.req.valid('query');
      const page = await listAdminApplications(c.var.deps, viewer, query);
      return c.json(renderAdminPage(c.var.operations, page, { status: c.req.query('status') }));
    },
  )
  .get(
    '/applications/:id',
    describe({
      operationId: 'getAdminApplication',
      security: 'admin',
      summary: 'One application with its documents, for review (administrators)',
      tags: ['applications', 'admin'],
      access: 'admin',
      responses: {
        200: { description: 'The application with documents', schema: Application },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        404: { description: 'No such application' },
      },
    }),
    idParam,
    async (c) => {
      const viewer = adminViewerOf(c);
      return c.json(
        renderApplication(c.var.operations, await getApplicationForReview(c.var.deps, viewer, c.req.valid('param').id)),
      );
    },
  )
  .patch(
    '/applications/:id/status',
    describe({
      operationId: 'setApplicationStatus',
      security: 'admin',
      summary: 'Start reviewing, approve or reject an application (administrators)',
      description:
        'Pending → under_review, approved or rejected; under_review → approved or rejected; a rejected application can still be approved and an approved one rejected (its cleaner profile is then suspended). Approving creates or activates the cleaner profile in the first coverage area’s city, with weekly hours from the application, and the user becomes a cleaner. `adminNotes` (or `notes`) is kept; for a rejection it is the reason the applicant is sent. Recorded in the audit log with the administrator; the applicant is notified.',
      tags: ['applications', 'admin'],
      access: 'admin',
      responses: {
        200: { description: 'The application in its new state, with documents', schema: Application },
        400: { description: 'A field is invalid' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        404: { description: 'No such application' },
        409: { description: 'Already in that status, not a legal change, or no coverage area names a city we serve' },
      },
    }),
    idParam,
    valid('json', ApplicationStatusInput),
    async (c) => {
      const viewer = adminViewerOf(c);
      const answer = await setApplicationStatus(c.var.deps, viewer, c.req.valid('param').id, c.req.valid('json'));
      return c.json(renderApplication(c.var.operations, answer));
    },
  )
  .patch(
    '/documents/:id',
    describe({
      operationId: 'reviewApplicationDocument',
      security: 'admin',
      summary: 'Verify or reject a document (administrators)',
      description:
        '`status` verified, or rejected with a `rejectionReason` (required) that the applicant is sent. Recorded in the audit log with the administrator.',
      tags: ['applications', 'admin'],
      access: 'admin',
      responses: {
        200: { description: 'The document', schema: ApplicationDocument },
        400: { description: 'A field is invalid, or a rejection without a reason' },
        401: { description: 'Signed out' },
        403: { description: 'Not an administrator' },
        404: { description: 'No such document' },
        409: { description: 'Already in that status' },
      },
    }),
    idParam,
    valid('json', DocumentReviewInput),
    async (c) => {
      const viewer = adminViewerOf(c);
      const answer = await reviewDocument(c.var.deps, viewer, c.req.valid('param').id, c.req.valid('json'));
      return c.json(renderDocument(c.var.operations, answer));
    },
  );
