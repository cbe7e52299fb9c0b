import { describe, expect, it } from 'vitest';
import { offersService, serviceNotOfferedMessage, servicesOffered } from './offered-services';

/** The catalogue's eight services (server/src/seed/catalogue.ts), by type and category. */
const CATALOGUE = [
  { id: 1, type: 'regular', category: 'residential' },
  { id: 2, type: 'deep', category: 'residential' },
  { id: 3, type: 'moveout', category: 'residential' },
  { id: 4, type: 'window', category: 'residential' },
  { id: 5, type: 'carpet', category: 'residential' },
  { id: 6, type: 'office', category: 'commercial' },
  { id: 7, type: 'commercial', category: 'commercial' },
  { id: 8, type: 'post_construction', category: 'commercial' },
];
const ids = (serviceTypes: string[], services = CATALOGUE) =>
  servicesOffered({ serviceTypes }, services).map((s) => s.id);

describe('what a cleaner offers (residential services, commercial ones if they do commercial work, or a type they offer)', () => {
  it('offers a residential cleaner the residential services and none of the commercial ones', () => {
    expect(ids(['residential', 'deep', 'moveout'])).toEqual([1, 2, 3, 4, 5]);
    expect(offersService({ serviceTypes: ['residential', 'deep', 'moveout'] }, CATALOGUE[6]!)).toBe(false);
  });

  it('adds every commercial service when the cleaner offers commercial', () => {
    expect(ids(['commercial'])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('adds a service of another category whose type the cleaner offers', () => {
    const catalogue = [...CATALOGUE, { id: 9, type: 'moveout', category: 'commercial' }];
    expect(ids(['moveout'], catalogue)).toEqual([1, 2, 3, 4, 5, 9]);
    expect(ids(['deep'], catalogue)).toEqual([1, 2, 3, 4, 5]);
  });

  it('offers nothing for a cleaner with no service types, and nothing from an empty catalogue', () => {
    expect(ids([])).toEqual([]);
    expect(ids(['commercial'], [])).toEqual([]);
  });

  it('keeps the services’ own order and objects', () => {
    const offered = servicesOffered({ serviceTypes: ['commercial'] }, [CATALOGUE[7]!, CATALOGUE[0]!]);
    expect(offered[0]).toBe(CATALOGUE[7]);
  });

  it('names the service in its refusal', () => {
    expect(serviceNotOfferedMessage('Commercial Cleaning')).toBe(
      'This cleaner does not offer Commercial Cleaning: please choose one of their services',
    );
  });
});
