import type { Service } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import {
  type BookingFormValues,
  chooseService,
  idempotencyKeyFor,
  isDateDisabled,
  monthWeeks,
  timeOptions,
  validateBookingForm,
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

describe('validateBookingForm', () => {
  const valid: BookingFormValues = {
    address: '410 Congress Ave',
    scheduledDate: '2026-12-01',
    scheduledTime: '09:00',
    duration: '120',
    totalPrice: '90.00',
    specialInstructions: '',
  };

  it('accepts a complete form', () => {
    expect(validateBookingForm(valid)).toEqual({});
  });

  it('uses the spec messages', () => {
    expect(
      validateBookingForm({ ...valid, address: '  ', scheduledDate: '', scheduledTime: '', totalPrice: '0.50' }),
    ).toEqual({
      address: 'Address is required',
      scheduledDate: 'Please select a date',
      scheduledTime: 'Please select a time',
      totalPrice: 'Price is required',
    });
    expect(validateBookingForm({ ...valid, duration: '29' }).duration).toBe('Duration must be at least 30 minutes');
    expect(validateBookingForm({ ...valid, duration: 'abc' }).duration).toBe('Duration must be at least 30 minutes');
  });

  it("applies the server's duration limits", () => {
    expect(validateBookingForm({ ...valid, duration: '30' })).toEqual({});
    expect(validateBookingForm({ ...valid, duration: '725' }).duration).toBe('Duration must be at most 12 hours');
    expect(validateBookingForm({ ...valid, duration: '50' }).duration).toBe(
      'Duration must be a multiple of 15 minutes',
    );
  });
});

describe('timeOptions', () => {
  it('lists 8:00 AM to 6:30 PM every 30 minutes with 24-hour values', () => {
    const options = timeOptions(undefined);
    expect(options).toHaveLength(22);
    expect(options[0]).toEqual({ label: '8:00 AM', value: '08:00', free: null });
    expect(options[9]).toEqual({ label: '12:30 PM', value: '12:30', free: null });
    expect(options.at(-1)).toEqual({ label: '6:30 PM', value: '18:30', free: null });
  });

  it("marks the times the cleaner's slots leave free", () => {
    const options = timeOptions([
      { startTime: '08:00', isAvailable: false },
      { startTime: '08:30', isAvailable: true },
    ]);
    expect(options.slice(0, 3).map((o) => o.free)).toEqual([false, true, false]);
  });
});

describe('calendar', () => {
  it('starts weeks on Sunday', () => {
    // November 2026 begins on a Sunday; December 2026 on a Tuesday.
    expect(monthWeeks(2026, 10)[0]?.[0]).toBe('2026-11-01');
    const december = monthWeeks(2026, 11);
    expect(december[0]).toEqual([null, null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
    expect(december.at(-1)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null]);
  });

  it('disables days before today and before 1900', () => {
    expect(isDateDisabled('2026-11-21', '2026-11-22')).toBe(true);
    expect(isDateDisabled('2026-11-22', '2026-11-22')).toBe(false);
    expect(isDateDisabled('1899-12-31', '1800-01-01')).toBe(true);
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
