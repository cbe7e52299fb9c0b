import { describe, expect, it } from 'vitest';
import { type MarkableBooking, markRefusal, mayRelease, type SlotMark, slotOffer } from './slot-marks';

const at = (hhmm: string) => new Date(`2026-03-17T${hhmm}:00.000Z`);
const slot = (start: string, end: string, mark: Partial<SlotMark> = {}): SlotMark => ({
  startsAt: at(start),
  endsAt: at(end),
  isBooked: false,
  bookingId: null,
  ...mark,
});
const booking = (id: number, start: string, end: string, status = 'confirmed'): MarkableBooking => ({
  id,
  status,
  startsAt: at(start),
  endsAt: at(end),
});

describe('markRefusal', () => {
  const ten = slot('10:00', '10:30');

  it('refuses a going-ahead booking that covers the slot: it holds the slot already (decision 076)', () => {
    for (const status of ['pending', 'confirmed', 'in_progress']) {
      expect(markRefusal(ten, booking(1, '10:00', '12:00', status)), status).toBe('slot_already_booked');
    }
    expect(markRefusal(ten, booking(1, '10:00', '10:30'))).toBe('slot_already_booked');
  });

  it('refuses a booking that is over', () => {
    expect(markRefusal(ten, booking(1, '10:00', '12:00', 'cancelled'))).toBe('booking_not_active');
    expect(markRefusal(ten, booking(1, '10:00', '12:00', 'completed'))).toBe('booking_not_active');
  });

  it('refuses a booking that covers only part of the slot, or none of it', () => {
    expect(markRefusal(ten, booking(1, '10:15', '12:00'))).toBe('booking_does_not_cover_slot');
    expect(markRefusal(ten, booking(1, '09:00', '10:15'))).toBe('booking_does_not_cover_slot');
    expect(markRefusal(ten, booking(1, '13:00', '15:00'))).toBe('booking_does_not_cover_slot');
  });

  it('refuses a slot marked before, for another booking or the same one', () => {
    const marked = slot('10:00', '10:30', { isBooked: true, bookingId: 7 });
    expect(markRefusal(marked, booking(8, '10:00', '12:00'))).toBe('slot_already_booked');
    expect(markRefusal(marked, booking(7, '10:00', '12:00'))).toBe('slot_already_booked');
  });
});

describe('mayRelease', () => {
  it('releases a mark only', () => {
    expect(mayRelease({ isBooked: true })).toBe(true);
    expect(mayRelease({ isBooked: false })).toBe(false);
  });
});

describe('slotOffer', () => {
  const around = [
    booking(1, '08:00', '10:00'),
    booking(2, '10:00', '12:00'),
    booking(3, '10:00', '11:00', 'cancelled'),
    booking(4, '09:00', '12:00', 'completed'),
  ];

  it('offers no book, even where a booking covers the slot: a booked slot offers no Book', () => {
    expect(slotOffer(slot('10:00', '10:30'), around)).toEqual({ book: [], release: false });
    expect(slotOffer(slot('09:30', '10:00'), around)).toEqual({ book: [], release: false });
    expect(slotOffer(slot('12:00', '12:30'), around)).toEqual({ book: [], release: false });
  });

  it('offers release, and no book, on a slot marked before', () => {
    expect(slotOffer(slot('10:00', '10:30', { isBooked: true, bookingId: 2 }), around)).toEqual({
      book: [],
      release: true,
    });
    expect(slotOffer(slot('10:00', '10:30', { isBooked: true }), around)).toEqual({ book: [], release: true });
  });

  it('agrees with markRefusal and mayRelease for every slot of the day and every booking', () => {
    for (let minutes = 7 * 60; minutes < 13 * 60; minutes += 30) {
      const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      for (const mark of [{}, { isBooked: true }, { isBooked: true, bookingId: 2 }]) {
        const s = slot(hhmm(minutes), hhmm(minutes + 30), mark);
        const offer = slotOffer(s, around);
        for (const b of around) {
          const accepted = markRefusal(s, b) === null;
          expect(offer.book.includes(b.id), `${hhmm(minutes)} #${b.id} ${JSON.stringify(mark)}`).toBe(accepted);
        }
        expect(offer.release).toBe(mayRelease(s));
      }
    }
  });
});
