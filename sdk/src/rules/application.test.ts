import { describe, expect, it } from 'vitest';
import { hourlyRateProblem, missingApplicationFields } from './application';
import { MESSAGES } from './messages';

describe('application rules', () => {
  it('accepts $15 to $100 in steps of $0.50 and nothing else', () => {
    for (const ok of ['15', '15.5', 42, '100', '99.50']) expect(hourlyRateProblem(ok)).toBeNull();
    for (const bad of ['14.5', '100.5', '20.25', 'abc', '', '-20', 1e3]) {
      expect(hourlyRateProblem(bad)).toBe(MESSAGES.application.hourlyRate);
    }
  });

  it('names each missing required field', () => {
    expect(
      missingApplicationFields({ bio: ' ', experience: '', hourlyRate: '', serviceTypes: [], coverageAreas: [' '] }),
    ).toEqual(['Bio', 'Experience', 'Hourly rate', 'Service types', 'Coverage areas']);
    expect(
      missingApplicationFields({
        bio: 'Ten years of homes.',
        experience: '5-10',
        hourlyRate: '30',
        serviceTypes: ['deep'],
        coverageAreas: ['Austin'],
      }),
    ).toEqual([]);
  });
});
