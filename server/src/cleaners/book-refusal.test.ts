import type { Cleaner } from '@spotless/sdk/schemas';
import { describe, expect, it } from 'vitest';
import type { Data } from '../contract/hypermedia';
import { collectOperations } from '../contract/operations';
import { API_OPERATIONS } from '../operations';
import { renderCleaner } from './cleaners.resource';
import { bookRefusal, type CleanerViewer } from './cleaners.service';

/** Whether someone may book a cleaner is one rule; the profile's links and actions are read from it. */
const ops = collectOperations(API_OPERATIONS);
const offering = { id: 7, serviceTypes: ['standard'] };
const idle = { id: 7, serviceTypes: [] };
const visitor: CleanerViewer = { userId: null, ownCleanerId: null };
const customer: CleanerViewer = { userId: 3, ownCleanerId: null };
const themself: CleanerViewer = { userId: 9, ownCleanerId: 7 };
const partner: CleanerViewer = { userId: null, ownCleanerId: null, partner: true };

/** Part of the catalogue: a residential, a deep and two commercial services. */
const CATALOGUE = [
  { id: 1, name: 'Regular House Cleaning', type: 'regular', category: 'residential' },
  { id: 2, name: 'Deep Cleaning', type: 'deep', category: 'residential' },
  { id: 6, name: 'Office Cleaning', type: 'office', category: 'commercial' },
  { id: 7, name: 'Commercial Cleaning', type: 'commercial', category: 'commercial' },
];

const profile = (serviceTypes: string[]) =>
  ({
    id: 7,
    serviceTypes,
    user: { firstName: 'Jordan', lastName: 'Rivera' },
  }) as unknown as Data<Cleaner>;

describe('booking a cleaner', () => {
  it('is refused to the cleaner themself and for a cleaner with no services, and asks a visitor to sign in', () => {
    expect(bookRefusal(offering, customer)).toBeNull();
    expect(bookRefusal(offering, partner)).toBeNull();
    expect(bookRefusal(offering, visitor)).toBe('sign_in');
    expect(bookRefusal(offering, themself)).toBe('self');
    expect(bookRefusal(idle, customer)).toBe('no_services');
    expect(bookRefusal(idle, partner)).toBe('no_services');
  });

  it('lists on the profile exactly what the rule allows', () => {
    const shown = (viewer: CleanerViewer, serviceTypes = ['standard']) => {
      const cleaner = renderCleaner(ops, profile(serviceTypes), viewer, CATALOGUE);
      return { page: 'book' in cleaner.links, actions: Object.keys(cleaner.actions) };
    };
    expect(shown(customer)).toEqual({ page: true, actions: ['book'] });
    expect(shown(partner)).toEqual({ page: true, actions: ['bookAsGuest'] });
    expect(shown(visitor)).toEqual({ page: true, actions: [] });
    expect(shown(themself)).toEqual({ page: false, actions: [] });
    expect(shown(customer, [])).toEqual({ page: false, actions: [] });
    expect(shown(partner, [])).toEqual({ page: false, actions: [] });
  });

  it('lists as the `book` and `bookAsGuest` services exactly those the cleaner offers (decision 071)', () => {
    const choices = (viewer: CleanerViewer, serviceTypes: string[]) => {
      const cleaner = renderCleaner(ops, profile(serviceTypes), viewer, CATALOGUE);
      const action = cleaner.actions.book ?? cleaner.actions.bookAsGuest;
      const field = action?.fields.find((f) => f.name === 'serviceId');
      return { type: field?.type, options: field?.options };
    };
    // Residential (with deep and move-out): the residential services, none of the commercial ones.
    expect(choices(customer, ['residential', 'deep', 'moveout'])).toEqual({
      type: 'select',
      options: [
        { value: '1', title: 'Regular House Cleaning' },
        { value: '2', title: 'Deep Cleaning' },
      ],
    });
    expect(choices(partner, ['commercial']).options?.map((o) => o.value)).toEqual(['1', '2', '6', '7']);
  });
});
