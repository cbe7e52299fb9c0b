import type { Service } from '@spotless/sdk';
import { describe, expect, it } from 'vitest';
import { availableServices } from './available-services';

const service = (id: number, type: Service['type'], category: Service['category']): Service => ({
  id,
  name: `S${id}`,
  description: '',
  type,
  category,
  basePrice: '10.00',
  duration: 60,
  links: {
    self: { href: `/api/services/${id}`, operation: 'getService' },
    services: { href: '/api/services', operation: 'listServices' },
  },
  actions: {},
});

const catalogue = [
  service(1, 'regular', 'residential'),
  service(2, 'deep', 'residential'),
  service(3, 'office', 'commercial'),
  service(4, 'commercial', 'commercial'),
  service(5, 'window', 'commercial'),
  service(6, 'moveout', 'commercial'),
];

describe('availableServices', () => {
  it('always offers residential services', () => {
    expect(availableServices(catalogue, { serviceTypes: [] }).map((s) => s.id)).toEqual([1, 2]);
  });

  it('adds every commercial service when the cleaner offers commercial', () => {
    expect(availableServices(catalogue, { serviceTypes: ['commercial'] }).map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('adds a service of another category whose type the cleaner offers', () => {
    expect(availableServices(catalogue, { serviceTypes: ['moveout'] }).map((s) => s.id)).toEqual([1, 2, 6]);
  });

  it('is empty for an empty catalogue', () => {
    expect(availableServices([], { serviceTypes: ['commercial'] })).toEqual([]);
  });
});
