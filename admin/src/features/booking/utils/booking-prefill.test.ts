import { describe, expect, it } from 'vitest';
import { prefillFromSearch } from './booking-prefill';

const TODAY = '2026-11-20';
const prefill = (search: string) => prefillFromSearch(new URLSearchParams(search), TODAY);

describe('prefillFromSearch', () => {
  it('takes the date and a listed time from the link', () => {
    expect(prefill('date=2026-11-28&time=09:00')).toEqual({ scheduledDate: '2026-11-28', scheduledTime: '09:00' });
    expect(prefill('date=2026-11-28&time=18:30').scheduledTime).toBe('18:30');
    expect(prefill('date=2026-11-28&time=08:00').scheduledTime).toBe('08:00');
  });

  it('leaves both empty without parameters', () => {
    expect(prefill('')).toEqual({ scheduledDate: '', scheduledTime: '' });
  });

  it('accepts today and takes a date alone', () => {
    expect(prefill(`date=${TODAY}`)).toEqual({ scheduledDate: TODAY, scheduledTime: '' });
  });

  it('ignores a date before today, and the time with it', () => {
    expect(prefill('date=2026-11-19&time=09:00')).toEqual({ scheduledDate: '', scheduledTime: '' });
    expect(prefill('date=1899-12-31')).toEqual({ scheduledDate: '', scheduledTime: '' });
  });

  it('ignores a malformed or impossible date', () => {
    for (const date of ['2026-11-2', '28/11/2026', '2026-13-01', '2027-02-30', '2026-11-28T09:00', 'tomorrow', '']) {
      expect(prefill(`date=${encodeURIComponent(date)}&time=09:00`), date).toEqual({
        scheduledDate: '',
        scheduledTime: '',
      });
    }
    expect(prefill('date=2028-02-29').scheduledDate).toBe('2028-02-29');
  });

  it('ignores a time that is malformed or not in the 8:00 AM to 6:30 PM list', () => {
    for (const time of ['9:00', '09:15', '07:30', '19:00', '9:00 AM', '24:00', '0900', '']) {
      expect(prefill(`date=2026-11-28&time=${encodeURIComponent(time)}`), time).toEqual({
        scheduledDate: '2026-11-28',
        scheduledTime: '',
      });
    }
  });

  it('ignores a time without a date', () => {
    expect(prefill('time=09:00')).toEqual({ scheduledDate: '', scheduledTime: '' });
  });
});
