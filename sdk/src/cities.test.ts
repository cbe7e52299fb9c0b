import { describe, expect, it } from 'vitest';
import { CITIES, lookupCity, stateCodeOf } from './cities';

describe('the city table', () => {
  it('has about 50 large US cities with plausible coordinates and an IANA zone', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(48);
    expect(CITIES.length).toBeLessThanOrEqual(55);
    expect(new Set(CITIES.map((c) => `${c.name}, ${c.state}`)).size).toBe(CITIES.length);
    for (const city of CITIES) {
      expect(city.latitude).toBeGreaterThan(24);
      expect(city.latitude).toBeLessThan(49);
      expect(city.longitude).toBeGreaterThan(-125);
      expect(city.longitude).toBeLessThan(-66);
      expect(city.zipCode).toMatch(/^\d{5}$/);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: city.timeZone })).not.toThrow();
    }
  });

  it('looks up names case-insensitively and trimmed, with or without the state', () => {
    expect(lookupCity('  AUSTIN ')?.state).toBe('TX');
    expect(lookupCity('new   york')?.name).toBe('New York');
    expect(lookupCity('Portland, OR')?.timeZone).toBe('America/Los_Angeles');
    expect(lookupCity('Portland, ME')).toBeUndefined();
    expect(lookupCity('Atlantis')).toBeUndefined();
    expect(lookupCity('')).toBeUndefined();
  });
});

describe('a place as people type it', () => {
  it('reads a city with its state however it is written', () => {
    for (const text of ['Austin, TX', 'austin tx', 'Austin, Texas', 'austin texas', 'Austin TX.']) {
      expect(lookupCity(text)?.name, text).toBe('Austin');
    }
    expect(lookupCity('Austin, CA')).toBeUndefined();
    expect(lookupCity('New York, New York')?.name).toBe('New York');
  });

  it('reads a ZIP code as the city whose area holds it, and a ZIP after a city and state', () => {
    for (const city of CITIES) expect(lookupCity(city.zipCode)?.name, city.zipCode).toBe(city.name);
    expect(lookupCity('78704')?.name).toBe('Austin');
    expect(lookupCity(' 78731-1234 ')?.name).toBe('Austin');
    expect(lookupCity('Austin, TX 78701')?.name).toBe('Austin');
    expect(lookupCity('00501')).toBeUndefined();
    expect(lookupCity('7870')).toBeUndefined();
  });

  it('reads a state by its code or its name', () => {
    expect(stateCodeOf('Texas')).toBe('TX');
    expect(stateCodeOf('tx')).toBe('TX');
    expect(stateCodeOf('new mexico')).toBe('NM');
    expect(stateCodeOf('Austin')).toBeUndefined();
  });
});
