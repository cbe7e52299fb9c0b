import { describe, expect, it } from 'vitest';
import { canSend, firstUnreadId, lengthHint, maxLengthOf, sentAt } from './thread';

const field = (maxLength?: number) => ({
  name: 'post' as const,
  title: 'Send',
  method: 'POST' as const,
  href: '/api/bookings/1/messages',
  type: 'application/json' as const,
  operation: 'postBookingMessage' as const,
  fields: [{ name: 'body', type: 'text' as const, required: true, ...(maxLength ? { maxLength } : {}) }],
});

describe('the thread’s rules (decision 087)', () => {
  it('takes the limit from the post action, and sends 1 to that many characters once trimmed', () => {
    expect(maxLengthOf(field(500))).toBe(500);
    expect(maxLengthOf(field())).toBe(2000);
    expect(canSend('   ', 2000)).toBe(false);
    expect(canSend('  hi  ', 2000)).toBe(true);
    expect(canSend('x'.repeat(2000), 2000)).toBe(true);
    expect(canSend('x'.repeat(2001), 2000)).toBe(false);
  });

  it('says how many characters are left only near the limit', () => {
    expect(lengthHint('hello', 2000)).toBeNull();
    expect(lengthHint('x'.repeat(1850), 2000)).toBe('150 characters left');
    expect(lengthHint('x'.repeat(1999), 2000)).toBe('1 character left');
    expect(lengthHint('x'.repeat(2003), 2000)).toBe('3 characters too many');
  });

  it('puts the New marker at the first unread message', () => {
    const m = (id: number, unread: boolean) => ({ id, unread }) as never;
    expect(firstUnreadId([m(1, false), m(2, true), m(3, true)])).toBe(2);
    expect(firstUnreadId([m(1, false)])).toBeNull();
  });

  it('writes a time alone today, and the day before it on other days', () => {
    const now = new Date(2026, 5, 15, 16, 0);
    expect(sentAt(new Date(2026, 5, 15, 10, 42).toISOString(), now)).toBe('10:42 AM');
    expect(sentAt(new Date(2026, 5, 14, 10, 42).toISOString(), now)).toBe('Jun 14, 10:42 AM');
  });
});
