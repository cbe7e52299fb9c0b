import {
  type Availability,
  AvailabilityInput,
  type AvailabilityList,
  AvailabilityUpdateInput,
  type TimeOff,
  TimeOffInput,
  type TimeOffList,
  type TimeSlot,
  TimeSlotBookInput,
  type TimeSlotList,
} from '@spotless/sdk/schemas';
import { actionTo, type Data, linkTo, type Operations, pageLink } from '../contract/hypermedia';
import { mayAddTimeOff, mayEditHours, mayRemoveTimeOff, type ScheduleViewer } from './schedule-access.service';
import type { SlotAnswer, SlotDay } from './slots.service';

const TIME_TYPES = { startTime: 'time', endTime: 'time', startDate: 'date', endDate: 'date' } as const;

export function renderHours(ops: Operations, row: Data<Availability>, viewer: ScheduleViewer): Availability {
  const editable = mayEditHours(row.cleanerId, viewer);
  return {
    ...row,
    links: {
      self: linkTo(ops, 'getAvailability', { id: row.id }),
      cleaner: linkTo(ops, 'getCleaner', { id: row.cleanerId }),
    },
    actions: editable
      ? {
          update: actionTo(ops, 'update', 'updateAvailability', {
            title: 'Change Hours',
            params: { id: row.id },
            body: AvailabilityUpdateInput,
            values: { startTime: row.startTime, endTime: row.endTime, isAvailable: row.isAvailable },
            types: TIME_TYPES,
          }) as NonNullable<Availability['actions']['update']>,
          delete: actionTo(ops, 'delete', 'deleteAvailability', {
            title: 'Remove',
            params: { id: row.id },
          }) as NonNullable<Availability['actions']['delete']>,
        }
      : {},
  };
}

export function renderHoursList(
  ops: Operations,
  cleanerId: number,
  rows: Data<Availability>[],
  viewer: ScheduleViewer,
): AvailabilityList {
  return {
    items: rows.map((row) => renderHours(ops, row, viewer)),
    total: rows.length,
    links: {
      self: linkTo(ops, 'listAvailability', { id: cleanerId }),
      cleaner: linkTo(ops, 'getCleaner', { id: cleanerId }),
    },
    actions: mayEditHours(cleanerId, viewer)
      ? {
          create: actionTo(ops, 'create', 'createAvailability', {
            title: 'Add Hours',
            params: { id: cleanerId },
            body: AvailabilityInput,
            types: TIME_TYPES,
          }) as NonNullable<AvailabilityList['actions']['create']>,
        }
      : {},
  };
}

export function renderTimeOff(ops: Operations, row: Data<TimeOff>, viewer: ScheduleViewer): TimeOff {
  return {
    ...row,
    links: {
      self: linkTo(ops, 'getTimeOff', { id: row.id }),
      cleaner: linkTo(ops, 'getCleaner', { id: row.cleanerId }),
    },
    actions: mayRemoveTimeOff(row.cleanerId, viewer)
      ? {
          delete: actionTo(ops, 'delete', 'deleteTimeOff', {
            title: 'Remove',
            params: { id: row.id },
          }) as NonNullable<TimeOff['actions']['delete']>,
        }
      : {},
  };
}

export function renderTimeOffList(
  ops: Operations,
  cleanerId: number,
  rows: Data<TimeOff>[],
  viewer: ScheduleViewer,
): TimeOffList {
  return {
    items: rows.map((row) => renderTimeOff(ops, row, viewer)),
    total: rows.length,
    links: {
      self: linkTo(ops, 'listTimeOff', { id: cleanerId }),
      cleaner: linkTo(ops, 'getCleaner', { id: cleanerId }),
    },
    actions: mayAddTimeOff(cleanerId, viewer)
      ? {
          create: actionTo(ops, 'create', 'createTimeOff', {
            title: 'Add Time Off',
            params: { id: cleanerId },
            body: TimeOffInput,
            types: TIME_TYPES,
          }) as NonNullable<TimeOffList['actions']['create']>,
        }
      : {},
  };
}

/**
 * A slot with the actions its own cleaner may take now (slot-marks.ts, the rules the writes
 * check): `book` lists the bookings it may be marked against, `release` removes the mark.
 */
export function renderSlot(ops: Operations, { data, offer }: SlotAnswer): TimeSlot {
  const actions: TimeSlot['actions'] = {};
  if (data.id !== null && offer.book.length > 0) {
    actions.book = actionTo(ops, 'book', 'bookTimeSlot', {
      title: 'Book',
      params: { id: data.id },
      body: TimeSlotBookInput,
      types: { bookingId: 'select' },
      choices: { bookingId: offer.book.map(String) },
      ...(offer.book.length === 1 ? { values: { bookingId: offer.book[0] } } : {}),
    }) as NonNullable<TimeSlot['actions']['book']>;
  }
  if (data.id !== null && offer.release) {
    actions.release = actionTo(ops, 'release', 'releaseTimeSlot', {
      title: 'Release',
      params: { id: data.id },
    }) as NonNullable<TimeSlot['actions']['release']>;
  }
  return { ...data, actions };
}

export function renderSlotList(
  ops: Operations,
  cleanerId: number,
  list: SlotDay,
  query: { duration?: number; excludeBookingId?: number },
): TimeSlotList {
  return {
    ...list,
    items: list.items.map((answer) => renderSlot(ops, answer)),
    links: {
      self: linkTo(ops, 'listTimeSlots', { id: cleanerId, date: list.date }, { query }),
      cleaner: linkTo(ops, 'getCleaner', { id: cleanerId }),
      book: pageLink(`/booking/${cleanerId}`, 'Book Now'),
    },
  };
}
