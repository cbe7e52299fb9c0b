import { describe, expect, it } from 'vitest';
import { type DamageFacts, damageActionsFor, MAX_DAMAGE_PHOTOS, maySeeReport, photoRefusal } from './damage-rules';

/** Who sees a damage report's photos and who adds them (decision 082). */

const REPORTER = 10;
const CLEANER = 7;
const report = (over: Partial<DamageFacts> = {}): DamageFacts => ({
  status: 'open',
  reporterUserId: REPORTER,
  cleanerId: CLEANER,
  photoCount: 0,
  ...over,
});
const reporter = { userId: REPORTER, cleanerId: null, admin: false };
const cleaner = { userId: 99, cleanerId: CLEANER, admin: false };
const admin = { userId: null, cleanerId: null, admin: true };
const stranger = { userId: 11, cleanerId: 8, admin: false };

describe('damage report rules', () => {
  it('show the report to its reporter, the booking’s cleaner and administrators only', () => {
    expect([reporter, cleaner, admin, stranger].map((viewer) => maySeeReport(report(), viewer))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // A reporter whose account is gone: nobody is its reporter any more.
    expect(maySeeReport(report({ reporterUserId: null }), { userId: null, cleanerId: null, admin: false })).toBe(false);
  });

  it('let the reporter add photos to an open report, up to five', () => {
    expect(photoRefusal(report(), reporter)).toBeNull();
    expect(photoRefusal(report({ photoCount: MAX_DAMAGE_PHOTOS - 1 }), reporter)).toBeNull();
    expect(photoRefusal(report({ photoCount: MAX_DAMAGE_PHOTOS - 1 }), reporter, 2)).toBe('too_many');
    expect(photoRefusal(report({ status: 'released' }), reporter)).toBe('closed');
    expect(photoRefusal(report(), cleaner)).toBe('forbidden');
    expect(photoRefusal(report(), admin)).toBe('forbidden');
    expect(photoRefusal(report(), stranger)).toBe('not_found');
  });

  it('offer exactly the actions that would succeed', () => {
    expect([...damageActionsFor(report(), reporter)]).toEqual(['addPhotos']);
    expect([...damageActionsFor(report({ photoCount: MAX_DAMAGE_PHOTOS }), reporter)]).toEqual([]);
    expect([...damageActionsFor(report(), admin)]).toEqual(['resolve']);
    expect([...damageActionsFor(report({ status: 'full_refund' }), admin)]).toEqual([]);
    expect([...damageActionsFor(report(), cleaner)]).toEqual([]);
  });
});
