import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BENCHES,
  END,
  HEADLINES,
  PAGE,
  README,
  renderFigures,
  renderHeadlines,
  START,
  sectionOf,
  writePage,
} from '../bench/page';
import { at } from '../bench/page-format';

/**
 * docs/performance.md's latest figures are written by `npm run bench:page` from the committed
 * result files (server/bench/results/*.json): a hand edit of the section, or a new result without
 * the page written again, fails here.
 */
describe('the figures of docs/performance.md', () => {
  it('are what the committed result files render', () => {
    expect(
      sectionOf(readFileSync(PAGE, 'utf8')),
      'docs/performance.md differs from server/bench/results/*.json: run `npm run bench:page`',
    ).toBe(renderFigures());
  });

  it('and the README’s headline figures are those of the page', () => {
    expect(
      sectionOf(readFileSync(README, 'utf8')),
      'README.md’s latest figures differ from server/bench/results/*.json: run `npm run bench:page`',
    ).toBe(renderHeadlines());
    for (const [, label] of HEADLINES) expect(renderFigures()).toContain(`| ${label}`);
    expect(HEADLINES.every(([name]) => name in BENCHES)).toBe(true);
  });
});

describe('rendering the figures', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-bench-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // An older uploads result: a date, one figure of the table, one goal; nothing else.
  writeFileSync(
    join(dir, 'uploads.json'),
    JSON.stringify({ when: '2026-01-02T03:04:05.000Z', uploads: 7, goal: 'health stays quick', goalMet: false }),
  );
  writeFileSync(join(dir, 'faults.json'), JSON.stringify({ when: '2026-01-02T03:04:05.000Z', faults: ['b'] }));
  const figures = renderFigures(dir);

  it('gives a bench without a result file one line naming its command', () => {
    for (const [name, bench] of Object.entries(BENCHES)) {
      if (name === 'uploads' || name === 'faults') continue;
      expect(figures).toContain(`### ${bench.title}\n\nNo committed result: run \`${bench.command}\`.\n`);
    }
  });

  it('writes a result’s command and date, its figures, "—" for a figure it lacks, and its goals', () => {
    const uploads = figures.slice(
      figures.indexOf('### Uploads at the pixel cap'),
      figures.indexOf('### What an image'),
    );
    expect(uploads).toContain('`npm run bench:uploads`, result of 2026-01-02 03:04 UTC.');
    expect(uploads).toMatch(/\| uploads at once +\| 7 +\|/);
    expect(uploads).toMatch(/\| `\/api\/health` during the uploads +\| — +\|/);
    expect(uploads).toMatch(/\| answers +\| — +\|/);
    expect(uploads).toMatch(/\| health stays quick +\| NOT met +\|/);
    expect(uploads).not.toContain('No committed result');
  });

  it('writes one line for a part a result does not have', () => {
    const faults = figures.slice(figures.indexOf('### Faults'), figures.indexOf('### Hostile input'));
    expect(faults).toMatch(/\| \*\*\(a\) the libSQL server stops under load\*\* +\| not in this run +\|/);
    expect(faults).toMatch(/\| faults in this run +\| b +\|/);
  });

  it('rewrites only what lies between the markers, and nothing the second time', () => {
    const page = join(dir, 'page.md');
    writeFileSync(page, `# Title\n\nProse.\n\n${START}\nstale\n${END}\n\nAfter.\n`);
    expect(writePage(dir, page)).toBe(true);
    const written = readFileSync(page, 'utf8');
    expect(written).toBe(`# Title\n\nProse.\n\n${START}${figures}${END}\n\nAfter.\n`);
    expect(writePage(dir, page)).toBe(false);
    expect(readFileSync(page, 'utf8')).toBe(written);
  });
});

describe('a path into a result', () => {
  const result = { a: { 'b.c': 1, d: [{ e: 2 }, { e: 3 }, {}] } };

  it('reads keys, keys holding a dot, and every entry with *', () => {
    expect(at(result, ['a', 'b.c'])).toBe(1);
    expect(at(result, 'a.d.*.e')).toEqual([2, 3]);
  });

  it('is undefined where the result has nothing, and never throws', () => {
    expect(at(result, 'a.x.y')).toBeUndefined();
    expect(at(result, 'a.b.c')).toBeUndefined();
    expect(at(null, 'a')).toBeUndefined();
    expect(at(result, 'x.*.e')).toBeUndefined();
  });
});
