import { describe, expect, it } from 'vitest';
import {
  type ApplicationFacts,
  type ApplicationStatus,
  type ApplicationViewer,
  applicationActionsFor,
  applyRefusal,
  cityOf,
  documentActionsFor,
  documentReviewRefusal,
  isOpen,
  mayChangeDocuments,
  relationTo,
  statusRefusal,
  weeklyHours,
} from './application-rules';

const STATUSES: ApplicationStatus[] = ['pending', 'under_review', 'approved', 'rejected'];
const APPLICANT: ApplicationViewer = { userId: 7, isAdmin: false };
const STRANGER: ApplicationViewer = { userId: 8, isAdmin: false };
const ADMIN: ApplicationViewer = { userId: null, isAdmin: true };
const NAMED_ADMIN: ApplicationViewer = { userId: 9, isAdmin: true };

const application = (status: ApplicationStatus, coverageAreas = ['Austin, TX']): ApplicationFacts => ({
  userId: 7,
  status,
  coverageAreas,
});

describe('who relates to an application', () => {
  it('is its applicant, an administrator, or nobody', () => {
    expect(relationTo(application('pending'), APPLICANT)).toBe('applicant');
    expect(relationTo(application('pending'), ADMIN)).toBe('admin');
    expect(relationTo(application('pending'), NAMED_ADMIN)).toBe('admin');
    expect(relationTo(application('pending'), STRANGER)).toBeNull();
    expect(relationTo(application('pending'), { userId: null, isAdmin: false })).toBeNull();
  });
});

describe('status changes', () => {
  const legal: Record<ApplicationStatus, ApplicationStatus[]> = {
    pending: ['under_review', 'approved', 'rejected'],
    under_review: ['approved', 'rejected'],
    approved: ['rejected'],
    rejected: ['approved'],
  };
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      it(`${from} → ${to}`, () => {
        const facts = application(from);
        expect(statusRefusal(facts, to, APPLICANT)).toBe('forbidden');
        expect(statusRefusal(facts, to, STRANGER)).toBe('forbidden');
        const expected = from === to ? 'same_status' : legal[from].includes(to) ? null : 'illegal_transition';
        expect(statusRefusal(facts, to, ADMIN)).toBe(expected);
      });
    }
  }

  it('cannot approve an application whose areas name no city we serve', () => {
    expect(statusRefusal(application('pending', ['Atlantis']), 'approved', ADMIN)).toBe('unknown_city');
    expect(statusRefusal(application('pending', ['Atlantis']), 'rejected', ADMIN)).toBeNull();
  });
});

describe('actions', () => {
  it('lists for each status and viewer exactly the changes statusRefusal allows', () => {
    for (const status of STATUSES) {
      const facts = application(status);
      for (const viewer of [APPLICANT, STRANGER, ADMIN]) {
        const allowed = applicationActionsFor(facts, viewer);
        expect(allowed.has('startReview')).toBe(statusRefusal(facts, 'under_review', viewer) === null);
        expect(allowed.has('approve')).toBe(statusRefusal(facts, 'approved', viewer) === null);
        expect(allowed.has('reject')).toBe(statusRefusal(facts, 'rejected', viewer) === null);
        expect(allowed.has('uploadDocument')).toBe(viewer === APPLICANT && isOpen(status));
      }
    }
  });

  it('lets only the applicant change documents, only while the application is open', () => {
    for (const status of STATUSES) {
      expect(mayChangeDocuments(application(status), APPLICANT)).toBe(
        status === 'pending' || status === 'under_review',
      );
      expect(mayChangeDocuments(application(status), ADMIN)).toBe(false);
      expect(mayChangeDocuments(application(status), STRANGER)).toBe(false);
    }
  });

  it('lets administrators verify or reject a document, each unless it is already so', () => {
    for (const status of ['pending', 'verified', 'rejected'] as const) {
      const doc = { status };
      const admin = documentActionsFor(doc, application('pending'), ADMIN);
      expect(admin.has('verify')).toBe(status !== 'verified');
      expect(admin.has('reject')).toBe(status !== 'rejected');
      expect(admin.has('delete')).toBe(false);
      const own = documentActionsFor(doc, application('pending'), APPLICANT);
      expect([...own]).toEqual(['delete']);
      expect([...documentActionsFor(doc, application('approved'), APPLICANT)]).toEqual([]);
      expect(documentReviewRefusal(doc, 'verified', APPLICANT)).toBe('forbidden');
    }
  });
});

describe('applying', () => {
  it('allows one open application and none for an active cleaner', () => {
    expect(applyRefusal({ hasOpenApplication: false, isActiveCleaner: false })).toBeNull();
    expect(applyRefusal({ hasOpenApplication: true, isActiveCleaner: false })).toBe('already_pending');
    expect(applyRefusal({ hasOpenApplication: false, isActiveCleaner: true })).toBe('already_cleaner');
  });
});

describe('cityOf', () => {
  it('places the cleaner in the first area naming a city: exactly, with its state, or inside a neighbourhood', () => {
    expect(cityOf(['Austin'])?.name).toBe('Austin');
    expect(cityOf(['Round Rock', 'austin, tx'])?.name).toBe('Austin');
    expect(cityOf(['Downtown Austin'])?.timeZone).toBe('America/Chicago');
    expect(cityOf(['North San Antonio'])?.name).toBe('San Antonio');
    expect(cityOf(['Austin, CA'])).toBeUndefined();
    expect(cityOf(['Downtown Austin, CA'])).toBeUndefined();
    expect(cityOf(['Downtown Austin, TX'])?.name).toBe('Austin');
    expect(cityOf(['Atlantis', ''])).toBeUndefined();
  });
});

describe('weeklyHours', () => {
  it('turns the form’s map into weekly hours: available days with well-formed hours', () => {
    expect(
      weeklyHours({
        sunday: { available: false, hours: '9:00-17:00' },
        monday: { available: true, hours: '9:00-17:00' },
        tuesday: { available: true, hours: '07:30 - 11:45' },
        wednesday: { available: true, hours: 'all day' },
        thursday: { available: true, hours: '17:00-9:00' },
        saturday: { available: true, hours: '10:00-14:00' },
      }),
    ).toEqual([
      { dayOfWeek: 1, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 2, startTime: '07:30', endTime: '11:45' },
      { dayOfWeek: 6, startTime: '10:00', endTime: '14:00' },
    ]);
  });

  it('defaults to Monday to Friday 9:00 to 17:00 without a map', () => {
    expect(weeklyHours(null).map((h) => [h.dayOfWeek, h.startTime, h.endTime])).toEqual([
      [1, '09:00', '17:00'],
      [2, '09:00', '17:00'],
      [3, '09:00', '17:00'],
      [4, '09:00', '17:00'],
      [5, '09:00', '17:00'],
    ]);
    expect(weeklyHours({})).toEqual([]);
  });
});
