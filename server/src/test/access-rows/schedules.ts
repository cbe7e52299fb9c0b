import { availability } from '../../db/schema';
import { CALLERS } from '../access-callers';
import { all, publicGet, type Row, usersOnly } from './row';

/** A cleaner's own profile, hours, time off and slots: rows of the access matrix. */
export const SCHEDULE_ROWS: Record<string, Row> = {
  // ── A cleaner's own profile, hours, time off and slots; another cleaner's row is a missing one ──
  getOwnCleanerProfile: {
    request: () => ({ path: '/api/cleaners/profile' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  getCleanerOverview: {
    request: () => ({ path: '/api/cleaners/profile/overview' }),
    expect: { ...all(404), visitor: 401, cleaner: 200, otherCleaner: 200, admin: 401 },
  },
  listAvailability: publicGet((f) => `/api/cleaners/${f.ownCleanerId}/availability`),
  getAvailability: {
    request: async (f) => {
      const [row] = await f.ctx.database.db.select({ id: availability.id }).from(availability).limit(1);
      return { path: `/api/availability/${row?.id}` };
    },
    expect: all(200),
  },
  createAvailability: {
    // Overlaps the cleaner's Monday hours: the cleaner gets past the ownership check to the 409.
    request: (f) => ({
      path: `/api/cleaners/${f.ownCleanerId}/availability`,
      body: { dayOfWeek: 1, startTime: '10:00', endTime: '11:00' },
    }),
    // Addressed by the cleaner's public id, not a private row: another cleaner is refused, not misled.
    expect: { ...usersOnly(403), cleaner: 409 },
  },
  updateAvailability: {
    request: async (f) => ({
      path: `/api/availability/${await f.newAvailability()}`,
      body: { startTime: '20:00', endTime: '21:00' },
    }),
    expect: { ...usersOnly(403), cleaner: 200, otherCleaner: 404 },
  },
  deleteAvailability: {
    request: async (f) => ({ path: `/api/availability/${await f.newAvailability()}` }),
    expect: { ...usersOnly(403), cleaner: 200, otherCleaner: 404 },
  },
  listTimeOff: {
    request: (f) => ({ path: `/api/cleaners/${f.ownCleanerId}/time-off` }),
    expect: { ...usersOnly(403), cleaner: 200, admin: 200 },
  },
  createTimeOff: {
    request: (f, caller) => {
      const day = 10 + CALLERS.indexOf(caller);
      return {
        path: `/api/cleaners/${f.ownCleanerId}/time-off`,
        body: { startDate: `2027-03-${day}`, endDate: `2027-03-${day}`, reason: 'Holiday' },
      };
    },
    expect: { ...usersOnly(403), cleaner: 201 },
  },
  getTimeOff: {
    request: async (f) => ({ path: `/api/time-off/${await f.newTimeOff()}` }),
    expect: { ...usersOnly(404), cleaner: 200, admin: 200 },
  },
  deleteTimeOff: {
    request: async (f) => ({ path: `/api/time-off/${await f.newTimeOff()}` }),
    expect: { ...usersOnly(403), cleaner: 200, otherCleaner: 404, admin: 200 },
  },
  listTimeSlots: publicGet((f) => `/api/cleaners/${f.ownCleanerId}/slots/2026-06-22`),
  bookTimeSlot: {
    // The slot does not cover the booking: the cleaner reaches the 409, everyone else stops before.
    request: (f) => ({ path: `/api/time-slots/${f.slotId}/book`, body: { bookingId: f.bookingId } }),
    expect: { ...usersOnly(403), cleaner: 409, otherCleaner: 404 },
  },
  releaseTimeSlot: {
    request: (f) => ({ path: `/api/time-slots/${f.slotId}/release` }),
    expect: { ...usersOnly(403), cleaner: 409, otherCleaner: 404 },
  },
};
