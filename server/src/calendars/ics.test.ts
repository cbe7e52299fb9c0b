import { describe, expect, it } from 'vitest';
import { readIcs } from '../test/ics-reader';
import { escapeText, foldLine, type IcsEvent, renderCalendar } from './ics';

/** The hand-written iCalendar text (decision 083), read back by ical.js, which did not write it. */

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'booking-1@spotless.example',
  sequence: 0,
  stamp: new Date('2026-06-15T12:00:00Z'),
  start: new Date('2026-07-01T14:00:00Z'),
  end: new Date('2026-07-01T16:00:00Z'),
  timeZone: 'America/Chicago',
  summary: 'Deep Cleaning with Jordan Rivera',
  location: '1 Congress Ave, Austin, TX',
  description: 'Notes',
  url: 'https://spotless.example/dashboard?booking=1',
  status: 'CONFIRMED',
  ...overrides,
});

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks, and reads back as written', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const text = renderCalendar({
      events: [event({ summary: 'Flat 2; “Rue”, Paris\\Nord', description: 'One\nTwo' })],
    });
    const [read] = readIcs(text).events;
    expect(read?.summary).toBe('Flat 2; “Rue”, Paris\\Nord');
    expect(read?.description).toBe('One\nTwo');
  });

  it('ends every line with CRLF and folds long ones at 75 octets, never inside a character', () => {
    const long = `Ménage ${'é'.repeat(60)} ${'x'.repeat(80)}`;
    const folded = foldLine(`SUMMARY:${long}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    const text = renderCalendar({ events: [event({ summary: long })] });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(readIcs(text).events[0]?.summary).toBe(long);
  });

  it('gives each zone its own rules: one without daylight time, and one whose summer is in January', () => {
    const text = renderCalendar({
      events: [
        event({
          timeZone: 'Asia/Kolkata',
          start: new Date('2026-03-10T04:00:00Z'),
          end: new Date('2026-03-10T06:00:00Z'),
        }),
        event({
          uid: 'booking-2@spotless.example',
          timeZone: 'Australia/Sydney',
          start: new Date('2026-01-10T23:00:00Z'),
          end: new Date('2026-07-11T01:00:00Z'),
        }),
      ],
    });
    const read = readIcs(text);
    expect(read.zones.sort()).toEqual(['Asia/Kolkata', 'Australia/Sydney']);
    const [india, sydney] = read.events;
    expect(india?.localStart).toBe('2026-03-10T09:30:00');
    expect(india?.start.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    // 10:00 on 11 January in Sydney is summer time, eleven hours ahead of UTC; July is ten.
    expect(sydney?.localStart).toBe('2026-01-11T10:00:00');
    expect(sydney?.start.toISOString()).toBe('2026-01-10T23:00:00.000Z');
    expect(sydney?.end.toISOString()).toBe('2026-07-11T01:00:00.000Z');
  });
});
