import type { Service } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { type BookingFormValues, chooseService, idempotencyKeyFor, validateBookingForm } from './booking-form';

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

  it('uses the product’s messages', () => {
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

describe('idempotencyKeyFor', () => {
  let n = 0;
  const makeKey = () => `key-${++n}`;

  it('keeps the key when the same request is retried and makes a new one otherwise', () => {
    const first = idempotencyKeyFor(null, '{"a":1}', makeKey);
    expect(idempotencyKeyFor(first, '{"a":1}', makeKey).key).toBe(first.key);
    expect(idempotencyKeyFor(first, '{"a":2}', makeKey).key).not.toBe(first.key);
  });
});
