import { describe, expect, it } from 'vitest';
import { settle } from './settle';

describe('what a message settles on', () => {
  it('lets a correction replace what it corrects, kind by kind', () => {
    expect(settle('omaha cleaner friday pls... actually make it saturday, afternoon works better')).not.toMatch(
      /friday/,
    );
    expect(settle('can maria lopez do wednesday? wait no thursday is better, around 3ish')).toBe(
      'can maria lopez do ? wait no thursday is better, around 3',
    );
    expect(settle('price of a clean from maria lopez? move out... actually no, just a regular one')).not.toMatch(
      /move out/,
    );
    // A correction of the day keeps the service, and "actually" alone corrects nothing.
    expect(settle('deep clean friday... actually make it saturday')).toMatch(/deep clean/);
    expect(settle('I actually need a deep clean in denver')).toBe('I actually need a deep clean in denver');
  });

  it('drops a day, a part of the day or a service ruled out, and a weekend keeps its other day', () => {
    expect(settle('Fort Worth cleaner this weekend but NOT sunday, church all day')).toMatch(/this saturday/);
    expect(settle('Is Maria Lopez around this weekend? not sunday tho')).toMatch(/this saturday/);
    expect(settle('tom becker dec 3 in the afternoon? mornings are school runs')).not.toMatch(/morning/);
    expect(settle('how much for a regular clean with aisha khan? no deep clean needed')).not.toMatch(/deep/);
    // "not" beside anything else stays.
    expect(settle('is it not free to cancel')).toBe('is it not free to cancel');
    expect(settle("i'm not home tomorrow, can the cleaner get in")).toMatch(/tomorrow/);
  });
});
