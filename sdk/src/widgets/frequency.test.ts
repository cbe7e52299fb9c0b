import { describe, expect, it } from 'vitest';
import { regularNote } from './frequency';

describe('the booking widget’s How often?', () => {
  it('tells a guest who chose a frequency how to make the booking regular, and says nothing for one-time', () => {
    expect(regularNote('biweekly')).toBe(
      'To make it every 2 weeks, open the link we e-mailed you — your booking joins your account — and choose Make this regular.',
    );
    expect(regularNote('weekly')).toMatch(/^To make it weekly,/);
    expect(regularNote('onetime')).toBeNull();
    expect(regularNote('fortnightly')).toBeNull();
  });
});
