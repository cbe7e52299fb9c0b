import { describe, expect, it } from 'vitest';
import { priceNote } from './price-note';

const usd = (dollars: number) => `$${dollars.toFixed(2)}`;

describe('the words beside a booking widget total', () => {
  it('say the service minimum applies when the time costs less, with what the time alone would cost', () => {
    expect(
      priceNote(
        { hourlyRate: '38.50', durationMinutes: 120, basePrice: '80.00', serviceName: 'Standard Cleaning' },
        usd,
      ),
    ).toBe('minimum price for Standard Cleaning; 2 hr at $38.50/hr would be $77.00');
  });

  it('are the rate and the time when the time charge is the total', () => {
    expect(
      priceNote(
        { hourlyRate: '45.00', durationMinutes: 150, basePrice: '80.00', serviceName: 'Standard Cleaning' },
        usd,
      ),
    ).toBe('2 hr 30 min at $45.00/hr');
    expect(
      priceNote(
        { hourlyRate: '40.00', durationMinutes: 120, basePrice: '80.00', serviceName: 'Standard Cleaning' },
        usd,
      ),
    ).toBe('2 hr at $40.00/hr');
  });
});
