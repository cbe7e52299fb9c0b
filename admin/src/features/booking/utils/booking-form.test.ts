import type { Cleaner, Service } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  type BookingFormValues,
  bookingFormProblems,
  chooseService,
  idempotencyKeyFor,
  notEnoughTimeAt,
} from './booking-form';

const service = (id: number, type: Service['type']): Service => ({
  id,
  name: `Service ${id}`,
  description: '',
  type,
  category: 'residential',
  basePrice: '80.00',
  duration: 120,
  links: {
    self: { href: `/api/services/${id}`, operation: 'getService' },
    services: { href: '/api/services', operation: 'listServices' },
  },
  actions: {},
});

describe('chooseService', () => {
  const services = [service(1, 'deep'), service(2, 'regular'), service(3, 'moveout')];

  it('takes the service named in the URL', () => {
    expect(chooseService(services, 3)?.id).toBe(3);
  });

  it('gives nothing for an unknown service id rather than another service', () => {
    expect(chooseService(services, 99)).toBeUndefined();
  });

  it('falls back to the regular service, then to the first', () => {
    expect(chooseService(services)?.id).toBe(2);
    expect(chooseService([service(5, 'deep'), service(6, 'office')])?.id).toBe(5);
    expect(chooseService([])).toBeUndefined();
  });
});

/**
 * Cleaner 7's `book` action as the server renders it for a signed-in customer (`renderCleaner`,
 * its fields generated from `BookingCreateInput`), recorded as answered, not written from the rule.
 */
const book: NonNullable<Cleaner['actions']['book']> = {
  name: 'book',
  title: 'Book Now',
  method: 'POST',
  href: '/api/bookings',
  type: 'application/json',
  operation: 'createBooking',
  fields: [
    { name: 'cleanerId', type: 'integer', required: true, max: 9007199254740991, value: 7 },
    { name: 'serviceId', type: 'integer', required: true, max: 9007199254740991 },
    { name: 'address', type: 'text', required: true, minLength: 1, maxLength: 500, title: 'Address' },
    { name: 'scheduledDate', type: 'date', required: true, minLength: 1 },
    { name: 'scheduledTime', type: 'time', required: false },
    { name: 'duration', type: 'number', required: true, title: 'minutes: 30 to 720 in steps of 15' },
    {
      name: 'totalPrice',
      type: 'text',
      required: true,
      title: 'the price the customer saw, e.g. "90.00"; compared with the server’s',
    },
    { name: 'specialInstructions', type: 'text', required: false, maxLength: 2000 },
  ],
};

describe('bookingFormProblems: the cleaner’s book action', () => {
  const valid: BookingFormValues = {
    address: '410 Congress Ave',
    scheduledDate: '2026-12-01',
    scheduledTime: '09:00',
    duration: '120',
    totalPrice: '90.00',
    specialInstructions: '',
  };
  const problems = (values: Partial<BookingFormValues>) => bookingFormProblems(book, { ...valid, ...values });

  it('accepts a complete form', () => {
    expect(problems({})).toEqual({});
  });

  it('says what is missing in the product’s words, next to each field', () => {
    expect(problems({ address: '  ', scheduledDate: '', scheduledTime: '', duration: '', totalPrice: '' })).toEqual({
      address: 'Address is required',
      scheduledDate: 'Please select a date',
      scheduledTime: 'Please select a time',
      duration: 'Duration must be at least 30 minutes',
    });
  });

  it('says nothing of the total while the duration it follows from is wrong', () => {
    expect(problems({ duration: '20', totalPrice: '' })).toEqual({ duration: 'Duration must be at least 30 minutes' });
    expect(problems({ totalPrice: '' })).toEqual({ totalPrice: 'Price is required' });
  });

  it('requires a time although the action lists it as optional: the page sends a YYYY-MM-DD date', () => {
    expect(book.fields.find((field) => field.name === 'scheduledTime')?.required).toBe(false);
    expect(problems({ scheduledTime: '' })).toEqual({ scheduledTime: 'Please select a time' });
  });

  it('checks the lengths the action states', () => {
    expect(problems({ address: 'a'.repeat(500) })).toEqual({});
    expect(problems({ address: 'a'.repeat(501) })).toEqual({ address: 'Address must be at most 500 characters.' });
  });

  it('checks the quoted price as the server does: at least $1', () => {
    expect(problems({ totalPrice: '0.50' })).toEqual({ totalPrice: 'Price is required' });
    expect(problems({ totalPrice: '1.00' })).toEqual({});
  });

  it("applies the server's duration limits, which the action's field does not state", () => {
    expect(problems({ duration: '30' })).toEqual({});
    expect(problems({ duration: '720' })).toEqual({});
    expect(problems({ duration: '29' })).toEqual({ duration: 'Duration must be at least 30 minutes' });
    expect(problems({ duration: 'abc' })).toEqual({ duration: 'Duration must be at least 30 minutes' });
    expect(problems({ duration: '725' })).toEqual({ duration: 'Duration must be at most 12 hours' });
    expect(problems({ duration: '50' })).toEqual({ duration: 'Duration must be a multiple of 15 minutes' });
  });

  it('leaves the fields to the server without a book action, keeping the duration and price rules', () => {
    const blank = { ...valid, address: '', scheduledDate: '', scheduledTime: '' };
    expect(bookingFormProblems(undefined, blank)).toEqual({});
    expect(bookingFormProblems(undefined, { ...blank, duration: '20', totalPrice: '' })).toEqual({
      duration: 'Duration must be at least 30 minutes',
    });
    expect(bookingFormProblems(undefined, { ...blank, totalPrice: '0.50' })).toEqual({
      totalPrice: 'Price is required',
    });
  });
});

describe('idempotencyKeyFor', () => {
  let n = 0;
  const makeKey = () => `key-${++n}`;

  it('keeps the key when the same request is retried and makes a new one otherwise', () => {
    const first = idempotencyKeyFor(null, '{"a":1}', makeKey);
    expect(idempotencyKeyFor(first, '{"a":1}', makeKey).key).toBe(first.key);
    expect(idempotencyKeyFor(first, '{"a":2}', makeKey).key).not.toBe(first.key);
  });
});

describe('notEnoughTimeAt: a chosen time free, but not for this long (decision 071)', () => {
  const slots = [
    { startTime: '09:00', isAvailable: true, freeMinutes: 300 },
    { startTime: '10:00', isAvailable: false, freeMinutes: 120 },
    { startTime: '12:00', isAvailable: false, freeMinutes: 0 },
  ];

  it('says how long the time is free, in the server’s words', () => {
    expect(notEnoughTimeAt(slots, '10:00', 240)).toBe(
      'Needs 4 hr; only 2 hr free from 10:00 AM: choose a shorter duration or another time',
    );
  });

  it('says nothing where it fits, where the start itself is taken, or before the day is known', () => {
    expect(notEnoughTimeAt(slots, '09:00', 240)).toBeNull();
    expect(notEnoughTimeAt(slots, '12:00', 240)).toBeNull();
    expect(notEnoughTimeAt(slots, '', 240)).toBeNull();
    expect(notEnoughTimeAt(undefined, '10:00', 240)).toBeNull();
    expect(notEnoughTimeAt([{ startTime: '10:00', isAvailable: false }], '10:00', 240)).toBeNull();
  });
});
