import { describe, expect, it } from 'vitest';
import { notEnoughTimeMessage, tooLongForItsStart } from './booking-fit';

describe('a booking longer than the time free from its start', () => {
  it('says how long it needs and how long is free, in the product’s formats', () => {
    expect(notEnoughTimeMessage(240, 120, '10:00')).toBe(
      'Needs 4 hr; only 2 hr free from 10:00 AM: choose a shorter duration or another time',
    );
    expect(notEnoughTimeMessage(150, 45, '13:30')).toBe(
      'Needs 2 hr 30 min; only 45 min free from 1:30 PM: choose a shorter duration or another time',
    );
  });

  it('applies only to a start that is free, but for less than the booking', () => {
    expect(tooLongForItsStart(240, 120)).toBe(true);
    expect(tooLongForItsStart(120, 120)).toBe(false);
    expect(tooLongForItsStart(120, 0)).toBe(false);
    expect(tooLongForItsStart(120, undefined)).toBe(false);
  });
});
