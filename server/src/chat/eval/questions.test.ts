import { CITIES } from '@spotless/sdk/cities';
import { HELP_ARTICLES } from '@spotless/sdk/help';
import { describe, expect, it } from 'vitest';
import { type EvalCase, PLANTED_CLEANERS } from './case';
import * as sets from './questions';
import { HOLDOUT_CASES, TUNING_CASES } from './questions';

/** The labelled question set's shape: what the scores in eval.test.ts are over. */
const all: EvalCase[] = [...TUNING_CASES, ...HOLDOUT_CASES];
const GROUPS = [
  'faq',
  'policy',
  'search',
  'availability',
  'bookings',
  'off-topic',
  'misspelling',
  'paraphrase',
  'injection',
  'write',
  'private',
];

describe('the labelled question set', () => {
  it('has at least 100 questions, more than a fifth of them held out', () => {
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(HOLDOUT_CASES.length / all.length).toBeGreaterThanOrEqual(0.2);
  });

  it('has unique ids', () => {
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('names only real articles, cities, service types and planted cleaners, in every set', () => {
    const articles = new Set(HELP_ARTICLES.map((a) => a.id));
    const cities = new Set(CITIES.map((c) => c.name));
    // The planted cleaners, and the demo cleaner account every demo database holds.
    const names = new Set([
      ...PLANTED_CLEANERS.flatMap((p) => [p.firstName, `${p.firstName} ${p.lastName}`]),
      'Jordan Rivera',
    ]);
    const services = ['regular', 'deep', 'moveout', 'window', 'carpet', 'office', 'commercial', 'post_construction'];
    const everyCase = Object.values(sets).flat() as EvalCase[];
    expect(new Set(everyCase.map((c) => c.id)).size).toBe(everyCase.length);
    for (const c of everyCase) {
      const e = c.expect;
      if (e.kind === 'search' && e.filters.serviceType !== undefined) {
        expect(['residential', 'commercial', 'deep', 'moveout'], c.id).toContain(e.filters.serviceType);
      }
      if (e.kind === 'article') for (const a of e.articles) expect(articles.has(a), `${c.id}: ${a}`).toBe(true);
      if (e.kind === 'search' && e.filters.location !== undefined) {
        expect(cities.has(String(e.filters.location)), c.id).toBe(true);
      }
      if (e.kind === 'search' && e.filters.city !== undefined)
        expect(cities.has(String(e.filters.city)), c.id).toBe(true);
      if (e.kind === 'availability') expect(names.has(e.cleaner), c.id).toBe(true);
      if (e.kind === 'cleaner') expect(names.has(e.name), c.id).toBe(true);
      if (e.kind === 'price') {
        expect(services, c.id).toContain(e.service);
        if (e.cleaner) expect(names.has(e.cleaner), c.id).toBe(true);
        if (e.city) expect(cities.has(e.city), c.id).toBe(true);
      }
    }
  });

  it('covers every kind of question in both parts', () => {
    for (const group of GROUPS) {
      expect(
        TUNING_CASES.some((c) => c.tags.includes(group)),
        `tuning: ${group}`,
      ).toBe(true);
      expect(
        HOLDOUT_CASES.some((c) => c.tags.includes(group)),
        `held out: ${group}`,
      ).toBe(true);
    }
  });
});
