import { describe, expect, it } from 'vitest';
import { CONTACT_HIDDEN, maskContactDetails, paidFor } from './masking';

describe('contact details in a message (decision 087)', () => {
  it('hides e-mail addresses and phone numbers however they are written', () => {
    for (const text of [
      'ann@example.com',
      'Ann.Smith+home@mail.example.co.uk',
      'ann (at) example (dot) com',
      '+1 512 555 0188',
      '(512) 555-0188',
      '512.555.0188',
      '5125550188',
      '+44 20 7946 0958',
    ]) {
      expect(maskContactDetails(`reach me: ${text} thanks`), text).toEqual({
        text: `reach me: ${CONTACT_HIDDEN} thanks`,
        masked: true,
      });
    }
  });

  it('leaves times, prices, dates, short numbers and plain words alone', () => {
    for (const text of [
      'See you at 10:30 on 2026-08-05',
      'The gate code is 4411 and it costs $135.00',
      'Meet at the door at 9, unit 12B',
      'I have 2 cats and 1 dog',
    ]) {
      expect(maskContactDetails(text)).toEqual({ text, masked: false });
    }
  });

  it('counts a booking as paid once its payment succeeded, a later refund or dispute included', () => {
    expect(['unpaid', 'pending', 'processing', 'failed'].map(paidFor)).toEqual([false, false, false, false]);
    expect(['succeeded', 'refunded', 'disputed'].map(paidFor)).toEqual([true, true, true]);
  });
});
