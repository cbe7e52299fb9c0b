import { describe, expect, it } from 'vitest';
import { CLEANING_TIPS, dayOfYear, randomTip, seasonOf, tipOfTheDay, tipsInSeason } from './tips';

describe('seasonOf', () => {
  it('maps every month', () => {
    expect([...Array(12).keys()].map(seasonOf)).toEqual([
      'Winter',
      'Winter',
      'Spring',
      'Spring',
      'Spring',
      'Summer',
      'Summer',
      'Summer',
      'Fall',
      'Fall',
      'Fall',
      'Winter',
    ]);
  });
});

describe('the built-in tips', () => {
  it('has 15 tips with unique ids and the five categories', () => {
    expect(CLEANING_TIPS).toHaveLength(15);
    expect(new Set(CLEANING_TIPS.map((t) => t.id)).size).toBe(15);
    const categories = new Set(['Windows & Glass', 'Kitchen', 'Bathroom', 'Living Areas', 'Exterior']);
    for (const t of CLEANING_TIPS) expect(categories.has(t.category)).toBe(true);
  });
});

describe('tipOfTheDay', () => {
  it('counts the day of year from 1', () => {
    expect(dayOfYear(new Date(2026, 0, 1))).toBe(1);
    expect(dayOfYear(new Date(2026, 11, 31))).toBe(365);
    expect(dayOfYear(new Date(2024, 11, 31))).toBe(366);
  });

  it('picks among the season’s, All Year and unseasoned tips by day of year', () => {
    // All Year or unseasoned: 2, 3, 4, 7, 11, 13; the rest belong to one season (the table above).
    const cases = [
      { date: new Date(2026, 0, 15), inSeason: [2, 3, 4, 5, 7, 8, 11, 13, 15], tipOfTheDay: 11 }, // Winter, day 15
      { date: new Date(2026, 3, 2), inSeason: [1, 2, 3, 4, 7, 11, 12, 13], tipOfTheDay: 7 }, // Spring, day 92
      { date: new Date(2026, 6, 20), inSeason: [2, 3, 4, 7, 9, 10, 11, 13], tipOfTheDay: 3 }, // Summer, day 201
      { date: new Date(2026, 9, 9), inSeason: [2, 3, 4, 6, 7, 11, 13, 14], tipOfTheDay: 4 }, // Fall, day 282
    ];
    for (const { date, inSeason, tipOfTheDay: id } of cases) {
      expect(tipsInSeason(CLEANING_TIPS, date).map((t) => t.id)).toEqual(inSeason);
      expect(tipOfTheDay(CLEANING_TIPS, date)?.id).toBe(id);
    }
  });

  it('never picks an out-of-season tip over a whole year', () => {
    for (let d = 0; d < 365; d++) {
      const date = new Date(2026, 0, 1 + d);
      const tip = tipOfTheDay(CLEANING_TIPS, date)!;
      if (tip.season && tip.season !== 'All Year') expect(tip.season).toBe(seasonOf(date.getMonth()));
    }
  });

  it('returns undefined without tips, and a random other tip on refresh', () => {
    expect(tipOfTheDay([], new Date())).toBeUndefined();
    expect(randomTip(CLEANING_TIPS, 1, () => 0)!.id).toBe(2);
    expect(randomTip(CLEANING_TIPS, 1, () => 0.999)!.id).toBe(15);
  });
});
