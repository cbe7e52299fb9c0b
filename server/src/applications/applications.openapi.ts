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
  DocumentUploadInput,
  IdParam,
} from '@spotless/sdk/schemas';
import { z } from 'zod';
import { defineOperations } from '../contract/operations';

/** The applications operations: what each one is, who may call it and what it answers (OpenAPI, links and actions come from here). */
export const applicationsApi = defineOperations({
  listApplications: {
    method: 'get',
    path: '/applications',
    security: 'user',
    summary: 'The signed-in user’s cleaner applications',
    description:
      'Newest first. The `apply` action is offered while the user has no open (pending or under review) application and no active cleaner profile.',
    tags: ['applications'],
    access: 'signed-in user',
    responses: {
      200: { description: 'Their applications', schema: ApplicationList },
    },
  },
  submitApplication: {
    method: 'post',
    path: '/applications',
    security: 'user',
    summary: 'Apply to be a cleaner',
    description:
      'Bio, experience (0-1, 1-3, 3-5, 5-10, 10+), hourlyRate (15 to 100 in steps of 0.50), at least one service type and one coverage area (repeats ignored; at least one must name a city we serve, where the approved cleaner is placed) are required; each missing or invalid field is named in `fields`. One open application per user: a second is 409 "You already have a pending application".',
    tags: ['applications'],
    access: 'signed-in user',
    responses: {
      201: { description: 'The application, pending', schema: Application },
      409: {
        description: 'An open application exists (`application_exists`), or already a cleaner (`already_cleaner`)',
      },
    },
    request: { json: ApplicationInput },
  },
  getApplication: {
    method: 'get',
    path: '/applications/:id',
    security: 'user-or-admin',
    summary: 'One application',
    description: 'For its applicant or an administrator; anyone else gets 404.',
    tags: ['applications'],
    access: 'applicant, admin',
    responses: {
      200: { description: 'The application', schema: Application },
      404: { description: 'No such application, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  listApplicationDocuments: {
    method: 'get',
    path: '/applications/:id/documents',
    security: 'user-or-admin',
    summary: 'An application’s documents',
    description: 'For its applicant or an administrator; anyone else gets 404.',
    tags: ['applications'],
    access: 'applicant, admin',
    responses: {
      200: { description: 'The documents, oldest first', schema: ApplicationDocumentList },
      404: { description: 'No such application, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  uploadApplicationDocument: {
    method: 'post',
    path: '/applications/:id/documents',
    security: 'user',
    summary: 'Upload a document (the applicant, while the application is open)',
    description:
      'As JSON (documentType, fileName, fileUrl as a base64 data URL; fileSize and mimeType are ignored) or as multipart/form-data (`file`, `documentType`, optional `fileName`). At most 10MB: a larger body or file is 413 "Please select a file smaller than 10MB.", refused while it arrives. The type is read from the file’s first bytes (PDF, JPEG or PNG), never its name or declared type: anything else is 415 "Please select a PDF, JPEG, or PNG file.". An image is decoded and stored re-encoded, without its metadata; one of more than 16.7 megapixels (4096 × 4096) is 413 `image_too_large` before it is decoded. Uploads count against the account’s hourly limit (UPLOAD_RATE_LIMIT, shared with review photos). A refused upload stores nothing.',
    tags: ['applications'],
    access: 'applicant',
    responses: {
      201: { description: 'The document, pending verification', schema: ApplicationDocument },
      403: { description: 'An administrator: only the applicant uploads' },
      404: { description: 'No such application, or not yours' },
      409: { description: 'The application is decided, or holds too many documents' },
      413: {
        description:
          'Larger than 10MB (`file_too_large`), or an image of more than 16.7 megapixels (`image_too_large`)',
      },
      415: { description: 'Not a PDF, JPEG or PNG file, or the body is neither JSON nor multipart' },
      422: { description: 'An image still decoding at the deadline (`image_too_complex`)' },
      429: { description: 'Too many uploads from this account this hour (Retry-After)' },
      503: { description: 'The image workers are all busy (`images_busy`, Retry-After)' },
    },
    request: { param: z.object({ id: IdParam }) },
    // The handler reads the body itself (JSON or multipart): the JSON form is documented.
    body: { contentType: 'application/json', schema: DocumentUploadInput },
  },
  getApplicationDocument: {
    method: 'get',
    path: '/documents/:id',
    security: 'user-or-admin',
    summary: 'One application document',
    description: 'For the applicant or an administrator; anyone else gets 404.',
    tags: ['applications'],
    access: 'applicant, admin',
    responses: {
      200: { description: 'The document', schema: ApplicationDocument },
      404: { description: 'No such document, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  downloadApplicationDocument: {
    method: 'get',
    path: '/documents/:id/file',
    security: 'user-or-admin',
    summary: 'Download a document’s file',
    description:
      'For the applicant or an administrator; anyone else gets 404. Always an attachment, with the type read from the file’s bytes and `X-Content-Type-Options: nosniff`.',
    tags: ['applications'],
    access: 'applicant, admin',
    responses: {
      200: { description: 'The file (application/pdf, image/jpeg or image/png)' },
      404: { description: 'No such document, or not yours' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  deleteApplicationDocument: {
    method: 'delete',
    path: '/documents/:id',
    security: 'user',
    summary: 'Delete a document (the applicant, while the application is open)',
    description: 'The stored file is deleted with it. Anyone but the applicant and administrators gets 404.',
    tags: ['applications'],
    access: 'applicant',
    responses: {
      200: { description: 'The application the document belonged to', schema: Application },
      403: { description: 'An administrator: only the applicant deletes' },
      404: { description: 'No such document, or not yours' },
      409: { description: 'The application is decided' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  listAdminApplications: {
    method: 'get',
    path: '/admin/applications',
    security: 'admin',
    summary: 'Applications to review, with the counts per status (administrators)',
    description:
      'Newest first; `status` keeps one status (`all` or none: every one). `counts` covers every application.',
    tags: ['applications', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'A page of applications', schema: AdminApplicationPage },
    },
    request: { query: AdminApplicationListQuery },
  },
  getAdminApplication: {
    method: 'get',
    path: '/admin/applications/:id',
    security: 'admin',
    summary: 'One application with its documents, for review (administrators)',
    description:
      "An administrator reads one cleaner application as it was submitted, with its uploaded documents, to decide on it. The answer's `actions` offer what its status still allows: starting the review, approving or rejecting it.",
    tags: ['applications', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The application with documents', schema: Application },
      404: { description: 'No such application' },
    },
    request: { param: z.object({ id: IdParam }) },
  },
  setApplicationStatus: {
    method: 'patch',
    path: '/admin/applications/:id/status',
    security: 'admin',
    summary: 'Start reviewing, approve or reject an application (administrators)',
    description:
      'Pending → under_review, approved or rejected; under_review → approved or rejected; a rejected application can still be approved and an approved one rejected (its cleaner profile is then suspended). Approving creates or activates the cleaner profile in the first coverage area’s city, with weekly hours from the application, and the user becomes a cleaner. `adminNotes` (or `notes`) is kept; for a rejection it is the reason the applicant is sent. Recorded in the audit log with the administrator; the applicant is notified.',
    tags: ['applications', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The application in its new state, with documents', schema: Application },
      404: { description: 'No such application' },
      409: { description: 'Already in that status, not a legal change, or no coverage area names a city we serve' },
    },
    request: { param: z.object({ id: IdParam }), json: ApplicationStatusInput },
  },
  reviewApplicationDocument: {
    method: 'patch',
    path: '/admin/documents/:id',
    security: 'admin',
    summary: 'Verify or reject a document (administrators)',
    description:
      '`status` verified, or rejected with a `rejectionReason` (required) that the applicant is sent. Recorded in the audit log with the administrator.',
    tags: ['applications', 'admin'],
    access: 'admin',
    responses: {
      200: { description: 'The document', schema: ApplicationDocument },
      400: { description: 'A field is invalid, or a rejection without a reason' },
      404: { description: 'No such document' },
      409: { description: 'Already in that status' },
    },
    request: { param: z.object({ id: IdParam }), json: DocumentReviewInput },
  },
});
