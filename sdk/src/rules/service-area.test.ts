import { describe, expect, it } from 'vitest';
import { addressCity, serviceAreaWarning } from './service-area';

const JORDAN = {
  firstName: 'Jordan',
  city: 'Austin',
  state: 'TX',
  coverageAreas: ['Downtown Austin', 'East Austin', 'South Congress', '78701', '78704'],
};

describe('the city an address ends with', () => {
  it('reads "…, City, ST ZIP", "…, City, ST" and "City ST ZIP"', () => {
    expect(addressCity('410 Congress Ave, Austin, TX 78701')).toEqual({ city: 'Austin', state: 'TX' });
    expect(addressCity('12 Elm St, Apt 3, Round Rock, tx')).toEqual({ city: 'Round Rock', state: 'TX' });
    expect(addressCity('Dallas TX 75201-1234')).toEqual({ city: 'Dallas', state: 'TX' });
  });

  it('reads nothing where no city and state are written', () => {
    expect(addressCity('410 Congress Ave')).toBeUndefined();
    expect(addressCity('1 Main St, Suite B')).toBeUndefined();
    expect(addressCity('1 Main St, Unit AB')).toBeUndefined();
    expect(addressCity('')).toBeUndefined();
  });
});

describe('the warning for an address outside the cleaner’s area', () => {
  it('warns when the address names another city', () => {
    expect(serviceAreaWarning('2100 Ross Ave, Dallas, TX 75201', JORDAN)).toBe(
      'This address is in Dallas, TX, but Jordan works in Austin, TX: they may decline a job outside their area.',
    );
    expect(serviceAreaWarning('1 Main St, Austin, MN', JORDAN)).toContain(
      'in Austin, MN, but Jordan works in Austin, TX',
    );
  });

  it('says nothing in the cleaner’s city, one of their areas or ZIP codes, or without a city to compare', () => {
    expect(serviceAreaWarning('410 Congress Ave, Austin, TX 78701', JORDAN)).toBeNull();
    expect(serviceAreaWarning('9 Lamar Blvd, AUSTIN, tx', JORDAN)).toBeNull();
    expect(serviceAreaWarning('5 Oak Ln, West Lake Hills, TX 78704', JORDAN)).toBeNull();
    expect(serviceAreaWarning('410 Congress Ave', JORDAN)).toBeNull();
  });

  it('names the cleaner when it knows the name', () => {
    expect(serviceAreaWarning('1 Elm St, Houston, TX', { ...JORDAN, firstName: null })).toMatch(
      /but This cleaner works/,
    );
  });
});
