import { adminsOnly, type Row } from './row';

/** The administrators' own operations: partners and review moderation, rows of the access matrix. */
export const ADMINISTRATION_ROWS: Record<string, Row> = {
  // ── Administrators ──
  getAdminSession: { request: () => ({ path: '/api/admin/session' }), expect: adminsOnly(200) },
  listPartners: { request: () => ({ path: '/api/admin/partners' }), expect: adminsOnly(200) },
  createPartner: {
    request: () => ({
      path: '/api/admin/partners',
      body: { name: 'Matrix Realty', allowedOrigins: ['https://matrix-realty.example'] },
    }),
    expect: adminsOnly(201),
  },
  getPartner: { request: (f) => ({ path: `/api/admin/partners/${f.partnerIds.one}` }), expect: adminsOnly(200) },
  updatePartner: {
    request: (f) => ({ path: `/api/admin/partners/${f.partnerIds.one}`, body: { commissionRateBps: 800 } }),
    expect: adminsOnly(200),
  },
  listReviewReports: { request: () => ({ path: '/api/admin/review-reports' }), expect: adminsOnly(200) },
  getReviewReport: {
    request: (f) => ({ path: `/api/admin/review-reports/${f.reviews.reportId}` }),
    expect: adminsOnly(200),
  },
  moderateReview: {
    request: async (f) => ({
      path: `/api/admin/reviews/${await f.reviews.newReview()}/status`,
      body: { status: 'hidden', reason: 'Shares a phone number' },
    }),
    expect: adminsOnly(200),
  },
};
