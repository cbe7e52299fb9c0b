import { describe, expect, it } from 'vitest';
import { CITIES, lookupCity } from './cities';

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
