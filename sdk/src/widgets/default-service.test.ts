import { describe, expect, it } from 'vitest';
import { defaultServiceId } from './default-service';

const services = [
  { id: 1, type: 'regular' as const },
  { id: 2, type: 'deep' as const },
  { id: 3, type: 'moveout' as const },
  { id: 7, type: 'commercial' as const },
];

describe('the service a booking widget opens with', () => {
  it('is the kind the visitor searched for: move-out cleaning after a move-out search, not regular cleaning', () => {
    expect(defaultServiceId(services, { serviceType: 'moveout' })).toBe(3);
    expect(defaultServiceId(services, { serviceType: 'deep' })).toBe(2);
    expect(defaultServiceId(services, { serviceType: 'commercial' })).toBe(7);
    expect(defaultServiceId(services, { serviceType: 'residential' })).toBe(1);
  });

  it('is the one a proposal names, when offered', () => {
    expect(defaultServiceId(services, { serviceId: 2, serviceType: 'moveout' })).toBe(2);
    expect(defaultServiceId(services, { serviceId: 99, serviceType: 'moveout' })).toBe(3);
  });

  it('is the first offered otherwise, and none when nothing is', () => {
    expect(defaultServiceId(services, {})).toBe(1);
    expect(defaultServiceId(services, { serviceType: 'unknown' })).toBe(1);
    expect(defaultServiceId([services[0] as (typeof services)[0]], { serviceType: 'moveout' })).toBe(1);
    expect(defaultServiceId([], { serviceType: 'moveout' })).toBeNull();
  });
});
