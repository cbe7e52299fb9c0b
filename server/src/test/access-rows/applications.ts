import { dataUrl } from '../application-fixtures';
import { samplePdf } from '../sample-files';
import { adminsOnly, onlyCustomerA, type Row, usersOnly } from './row';

/** Cleaner applications and their documents: rows of the access matrix. */
export const APPLICATION_ROWS: Record<string, Row> = {
  // ── Cleaner applications and their documents: the applicant's own; administrators review ──
  listApplications: { request: () => ({ path: '/api/applications' }), expect: usersOnly(200) },
  submitApplication: {
    // A already has an open application and the cleaners are ones already: 409; B applies.
    request: () => ({
      path: '/api/applications',
      body: {
        bio: 'Careful and quick.',
        experience: '1-3',
        hourlyRate: 30,
        serviceTypes: ['residential'],
        coverageAreas: ['Austin'],
      },
    }),
    expect: { ...usersOnly(409), customerB: 201 },
  },
  getApplication: {
    request: (f) => ({ path: `/api/applications/${f.applicationId}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  listApplicationDocuments: {
    request: (f) => ({ path: `/api/applications/${f.applicationId}/documents` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  uploadApplicationDocument: {
    request: (f) => ({
      path: `/api/applications/${f.applicationId}/documents`,
      body: {
        documentType: 'id',
        fileName: 'id.pdf',
        fileUrl: dataUrl(samplePdf('matrix'), 'application/pdf'),
      },
    }),
    expect: { ...onlyCustomerA(201), visitor: 401, admin: 401 },
  },
  getApplicationDocument: {
    request: (f) => ({ path: `/api/documents/${f.documentId}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  downloadApplicationDocument: {
    request: (f) => ({ path: `/api/documents/${f.documentId}/file` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 200 },
  },
  deleteApplicationDocument: {
    request: async (f) => ({ path: `/api/documents/${await f.newDocument()}` }),
    expect: { ...onlyCustomerA(200), visitor: 401, admin: 401 },
  },
  listAdminApplications: { request: () => ({ path: '/api/admin/applications' }), expect: adminsOnly(200) },
  getAdminApplication: {
    request: (f) => ({ path: `/api/admin/applications/${f.applicationId}` }),
    expect: adminsOnly(200),
  },
  setApplicationStatus: {
    request: async (f) => ({
      path: `/api/admin/applications/${await f.newApplication()}/status`,
      body: { status: 'under_review' },
    }),
    expect: adminsOnly(200),
  },
  reviewApplicationDocument: {
    request: async (f) => ({ path: `/api/admin/documents/${await f.newDocument()}`, body: { status: 'verified' } }),
    expect: adminsOnly(200),
  },
};
