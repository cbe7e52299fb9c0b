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
      const cleaner = renderCleaner(ops, profile(serviceTypes), viewer);
      return { page: 'book' in cleaner.links, actions: Object.keys(cleaner.actions) };
    };
    expect(shown(customer)).toEqual({ page: true, actions: ['book'] });
    expect(shown(partner)).toEqual({ page: true, actions: ['bookAsGuest'] });
    expect(shown(visitor)).toEqual({ page: true, actions: [] });
    expect(shown(themself)).toEqual({ page: false, actions: [] });
    expect(shown(customer, [])).toEqual({ page: false, actions: [] });
    expect(shown(partner, [])).toEqual({ page: false, actions: [] });
  });
});
