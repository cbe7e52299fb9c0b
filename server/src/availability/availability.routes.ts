import { Hono } from 'hono';
import { renderCleaner } from '../cleaners/cleaners.resource';
import { cleanerViewerOf } from '../cleaners/cleaners.service';
import { endpoint, inputOf } from '../contract/operations';
import type { AppEnv } from '../deps';
import { availabilityApi as api } from './availability.openapi';
import {
  renderHours,
  renderHoursList,
  renderSlot,
  renderSlotList,
  renderTimeOff,
  renderTimeOffList,
} from './availability.resource';
import {
  addHours,
  addTimeOff,
  getHours,
  getTimeOff,
  listHours,
  listTimeOffOf,
  ownCleanerProfile,
  removeHours,
  removeTimeOff,
  updateHours,
} from './availability.service';
import { scheduleViewerOf } from './schedule-access.service';
import { bookSlot, listSlots, releaseSlot, SLOT_STEP_MINUTES } from './slots.service';

export const availabilityRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getOwnCleanerProfile), async (c) => {
    const profile = await ownCleanerProfile(c.get('deps'), c.get('actor'));
    // Their own profile: nobody books themself, so no service list is needed for a `book` action.
    return c.json(renderCleaner(c.get('operations'), profile, cleanerViewerOf(c.get('actor')), []));
  })
  .get(...endpoint(api.listAvailability), async (c) => {
    const { id } = inputOf(c, api.listAvailability).param;
    const rows = await listHours(c.get('deps'), c.get('actor'), id);
    return c.json(renderHoursList(c.get('operations'), id, rows, scheduleViewerOf(c.get('actor'))));
  })
  .get(...endpoint(api.getAvailability), async (c) => {
    const row = await getHours(c.get('deps'), c.get('actor'), inputOf(c, api.getAvailability).param.id);
    return c.json(renderHours(c.get('operations'), row, scheduleViewerOf(c.get('actor'))));
  })
  .post(...endpoint(api.createAvailability), async (c) => {
    const { param, json } = inputOf(c, api.createAvailability);
    const row = await addHours(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderHours(c.get('operations'), row, scheduleViewerOf(c.get('actor'))), 201);
  })
  .put(...endpoint(api.updateAvailability), async (c) => {
    const { param, json } = inputOf(c, api.updateAvailability);
    const row = await updateHours(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderHours(c.get('operations'), row, scheduleViewerOf(c.get('actor'))));
  })
  .delete(...endpoint(api.deleteAvailability), async (c) => {
    await removeHours(c.get('deps'), c.get('actor'), inputOf(c, api.deleteAvailability).param.id);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.listTimeOff), async (c) => {
    const { id } = inputOf(c, api.listTimeOff).param;
    const rows = await listTimeOffOf(c.get('deps'), c.get('actor'), id);
    return c.json(renderTimeOffList(c.get('operations'), id, rows, scheduleViewerOf(c.get('actor'))));
  })
  .get(...endpoint(api.getTimeOff), async (c) => {
    const row = await getTimeOff(c.get('deps'), c.get('actor'), inputOf(c, api.getTimeOff).param.id);
    return c.json(renderTimeOff(c.get('operations'), row, scheduleViewerOf(c.get('actor'))));
  })
  .post(...endpoint(api.createTimeOff), async (c) => {
    const { param, json } = inputOf(c, api.createTimeOff);
    const row = await addTimeOff(c.get('deps'), c.get('actor'), param.id, json);
    return c.json(renderTimeOff(c.get('operations'), row, scheduleViewerOf(c.get('actor'))), 201);
  })
  .delete(...endpoint(api.deleteTimeOff), async (c) => {
    await removeTimeOff(c.get('deps'), c.get('actor'), inputOf(c, api.deleteTimeOff).param.id);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.listTimeSlots), async (c) => {
    const { param, query } = inputOf(c, api.listTimeSlots);
    const duration = query.duration ?? SLOT_STEP_MINUTES;
    const list = await listSlots(c.get('deps'), c.get('actor'), param.id, param.date, duration, query.excludeBookingId);
    return c.json(renderSlotList(c.get('operations'), param.id, list, query));
  })
  .post(...endpoint(api.bookTimeSlot), async (c) => {
    const { param, json } = inputOf(c, api.bookTimeSlot);
    return c.json(
      renderSlot(c.get('operations'), await bookSlot(c.get('deps'), c.get('actor'), param.id, json.bookingId)),
    );
  })
  .post(...endpoint(api.releaseTimeSlot), async (c) => {
    const answer = await releaseSlot(c.get('deps'), c.get('actor'), inputOf(c, api.releaseTimeSlot).param.id);
    return c.json(renderSlot(c.get('operations'), answer));
  });
