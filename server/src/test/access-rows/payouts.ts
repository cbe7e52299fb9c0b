import { adminsOnly, all, onlyCustomerA, partnerPeopleOnly, type Row, usersOnly } from './row';

/** Paying out (decision 080): a cleaner's payout account, the transfers and damage reports; rows of the access matrix. */
export const PAYOUT_ROWS: Record<string, Row> = {
  getPayoutAccount: {
    request: () => ({ path: '/api/cleaners/profile/payout-account' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  getCleanerEarnings: {
    request: () => ({ path: '/api/cleaners/profile/earnings' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  listCleanerPayouts: {
    request: () => ({ path: '/api/cleaners/profile/payouts' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  connectPayoutAccount: {
    // Each cleaner connects their own: the answer is where they enter their details.
    request: () => ({ path: '/api/cleaners/profile/payout-account', body: {} }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  getPartnerPayoutAccount: {
    request: (f) => ({ path: `/api/partner-portal/${f.partnerIds.two}/payout-account` }),
    expect: partnerPeopleOnly(200),
  },
  connectPartnerPayoutAccount: {
    request: (f) => ({ path: `/api/partner-portal/${f.partnerIds.two}/payout-account`, body: {} }),
    expect: partnerPeopleOnly(200),
  },
  completeTestOnboarding: {
    // The link's token is the authority: an unknown account is 404 to everyone.
    request: () => ({
      path: '/api/payouts/test-onboarding',
      body: { account: 'acct_local_unknown', token: 'nope', routingNumber: '110000000', accountNumber: '000123456789' },
    }),
    expect: all(404),
  },
  listPayouts: { request: () => ({ path: '/api/admin/payouts' }), expect: adminsOnly(200) },
  getLedgerReport: { request: () => ({ path: '/api/admin/reconciliation' }), expect: adminsOnly(200) },
  listPartnerCommissions: { request: () => ({ path: '/api/admin/partner-commissions' }), expect: adminsOnly(200) },
  getPayout: { request: () => ({ path: '/api/admin/payouts/999999' }), expect: adminsOnly(404) },
  // A damage report: the matrix's bookings are not completed within the last day, so its customer
  // reaches the 409 and everyone else is told it does not exist.
  reportDamage: {
    request: (f) => ({
      path: `/api/bookings/${f.bookingId}/damage-report`,
      body: { description: 'A cracked vase on the shelf' },
    }),
    expect: { ...usersOnly(404), customerA: 409 },
  },
  // Photos of customer A's report on a job of the cleaner's (decision 082): A adds them — a JSON
  // body gets past every check to the 415, nobody else's body is read — the cleaner sees them but
  // may not add, and administrators see them.
  addDamageReportPhotos: {
    request: (f) => ({ path: `/api/damage-reports/${f.damage.reportId}/photos`, body: { photos: [] } }),
    expect: { ...usersOnly(404), customerA: 415, cleaner: 403 },
  },
  getDamageReportPhoto: {
    request: (f) => ({ path: f.damage.photoPath }),
    expect: { ...onlyCustomerA(200), visitor: 401, cleaner: 200, admin: 200 },
  },
  listDamageReports: { request: () => ({ path: '/api/admin/damage-reports' }), expect: adminsOnly(200) },
  getDamageReport: { request: () => ({ path: '/api/admin/damage-reports/999999' }), expect: adminsOnly(404) },
  resolveDamageReport: {
    request: () => ({
      path: '/api/admin/damage-reports/999999/resolve',
      body: { outcome: 'release', reason: 'Nothing was damaged' },
    }),
    expect: adminsOnly(404),
  },
  retryPayout: {
    request: () => ({ path: '/api/admin/payouts/999999/retry', body: {} }),
    expect: adminsOnly(404),
  },
};
