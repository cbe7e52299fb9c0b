import { type Context, Hono } from 'hono';
import { getUser, isAdmin, requireUser } from '../auth/guards';
import { findActiveCleaner } from '../cleaners/cleaners.queries';
import { renderCleaner } from '../cleaners/cleaners.resource';
import type { AppEnv } from '../deps';
import { notFound } from '../lib/errors';
import { endpoint, inputOf } from '../lib/operations';
import { availabilityApi as api } from './availability.openapi';
import { listAvailability, listTimeOff, toAvailabilityDto, toTimeOffDto } from './availability.queries';
import {
  renderHours,
  renderHoursList,
  renderSlotList,
  renderTimeOff,
  renderTimeOffList,
} from './availability.resource';
import {
  addHours,
  addTimeOff,
  assertMayReadTimeOff,
  bookSlot,
  getHours,
  getTimeOff,
  listSlots,
  ownCleanerProfile,
  releaseSlot,
  removeHours,
  removeTimeOff,
  type ScheduleRequester,
  SLOT_STEP_MINUTES,
  scheduleViewerOf,
  updateHours,
} from './availability.service';

function requester(c: Context<AppEnv>): ScheduleRequester {
  return { userId: getUser(c)?.id ?? null, isAdmin: isAdmin(c) };
}

export const availabilityRoutes = new Hono<AppEnv>()
  .get(...endpoint(api.getOwnCleanerProfile), async (c) => {
    const user = requireUser(c);
    const profile = await ownCleanerProfile(c.var.deps, user.id);
    return c.json(renderCleaner(c.var.operations, profile, { userId: user.id, ownCleanerId: profile.id }));
  })
  .get(...endpoint(api.listAvailability), async (c) => {
    const { id } = inputOf(c, api.listAvailability).param;
    if (!(await findActiveCleaner(c.var.deps.database.db, id))) throw notFound('Cleaner');
    const rows = await listAvailability(c.var.deps.database.db, id);
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderHoursList(c.var.operations, id, rows.map(toAvailabilityDto), viewer));
  })
  .get(...endpoint(api.getAvailability), async (c) => {
    const row = await getHours(c.var.deps, inputOf(c, api.getAvailability).param.id);
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderHours(c.var.operations, row, viewer));
  })
  .post(...endpoint(api.createAvailability), async (c) => {
    const row = await addHours(
      c.var.deps,
      requester(c),
      inputOf(c, api.createAvailability).param.id,
      inputOf(c, api.createAvailability).json,
    );
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderHours(c.var.operations, row, viewer), 201);
  })
  .put(...endpoint(api.updateAvailability), async (c) => {
    const row = await updateHours(
      c.var.deps,
      requester(c),
      inputOf(c, api.updateAvailability).param.id,
      inputOf(c, api.updateAvailability).json,
    );
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderHours(c.var.operations, row, viewer));
  })
  .delete(...endpoint(api.deleteAvailability), async (c) => {
    await removeHours(c.var.deps, requester(c), inputOf(c, api.deleteAvailability).param.id);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.listTimeOff), async (c) => {
    const { id } = inputOf(c, api.listTimeOff).param;
    await assertMayReadTimeOff(c.var.deps, requester(c), id);
    const rows = await listTimeOff(c.var.deps.database.db, id);
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderTimeOffList(c.var.operations, id, rows.map(toTimeOffDto), viewer));
  })
  .get(...endpoint(api.getTimeOff), async (c) => {
    const row = await getTimeOff(c.var.deps, requester(c), inputOf(c, api.getTimeOff).param.id);
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderTimeOff(c.var.operations, row, viewer));
  })
  .post(...endpoint(api.createTimeOff), async (c) => {
    const row = await addTimeOff(
      c.var.deps,
      requester(c),
      inputOf(c, api.createTimeOff).param.id,
      inputOf(c, api.createTimeOff).json,
    );
    const viewer = await scheduleViewerOf(c.var.deps.database.db, requester(c));
    return c.json(renderTimeOff(c.var.operations, row, viewer), 201);
  })
  .delete(...endpoint(api.deleteTimeOff), async (c) => {
    await removeTimeOff(c.var.deps, requester(c), inputOf(c, api.deleteTimeOff).param.id);
    return c.json({ ok: true as const });
  })
  .get(...endpoint(api.listTimeSlots), async (c) => {
    const { id, date } = inputOf(c, api.listTimeSlots).param;
    const duration = inputOf(c, api.listTimeSlots).query.duration ?? SLOT_STEP_MINUTES;
    const list = await listSlots(c.var.deps, requester(c), id, date, duration);
    return c.json(renderSlotList(c.var.operations, id, list, inputOf(c, api.listTimeSlots).query));
  })
  .post(...endpoint(api.bookTimeSlot), async (c) =>
    c.json(
      await bookSlot(
        c.var.deps,
        requester(c),
        inputOf(c, api.bookTimeSlot).param.id,
        inputOf(c, api.bookTimeSlot).json.bookingId,
      ),
    ),
  )
  .post(...endpoint(api.releaseTimeSlot), async (c) =>
    c.json(await releaseSlot(c.var.deps, requester(c), inputOf(c, api.releaseTimeSlot).param.id)),
  );
