/**
 * `npm run bench:page`: rewrites the generated section of docs/performance.md — between
 * `<!-- figures:start -->` and `<!-- figures:end -->` — from the result files in bench/results/,
 * so the page's latest figures are always those of the committed results. `npm run bench` calls it
 * after its benches; a test fails when the page and the files differ.
 *
 * Which figures each bench shows is the table `BENCHES` below: one line per figure, a path into the
 * bench's JSON (dot-separated, `*` for every entry; an array of keys when a key holds a dot), a
 * format and a unit. A missing file renders one line naming the command that writes it; a missing
 * path renders "—", so an older result file still renders.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ROOT } from '../src/paths';
import { RESULTS_DIR } from './harness';
import { goalsOf, type Result, readResult, whenOf } from './results';

export const PAGE = join(SERVER_ROOT, '..', 'docs', 'performance.md');
/** The README's "Latest figures" holds a few headline figures of the page, between the same markers. */
export const README = join(SERVER_ROOT, '..', 'README.md');
export const START = '<!-- figures:start -->';
export const END = '<!-- figures:end -->';

import { BENCHES } from './page-benches';
import { at, type Bench, type Figure, FORMATS } from './page-format';

export { BENCHES };

/** A Markdown table, its columns padded so the page reads as a table in a text editor too. */
function table(header: [string, string], rows: Array<[string, string]>): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const all = [header, ...rows].map(([a, b]) => [cell(a), cell(b)] as const);
  const widths = [0, 1].map((c) => Math.max(3, ...all.map((row) => (row[c] as string).length)));
  const line = (row: readonly string[]) => `| ${row.map((text, c) => text.padEnd(widths[c] as number)).join(' | ')} |`;
  const [head, ...body] = all;
  return [line(head as readonly string[]), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

function figureRow(result: unknown, figure: Figure): [string, string] {
  const write = FORMATS[figure.format ?? 'auto'] as (value: unknown, unit?: string) => string | undefined;
  return [figure.label, write(at(result, figure.path), figure.unit) ?? '—'];
}

function dateOf(when: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(when);
  return match ? `${match[1]} ${match[2]} UTC` : 'an undated run';
}

/** One bench's part of the section: its heading, command and date, figures and goals. */
export function renderBench(name: string, bench: Bench, result: Result | undefined): string {
  const heading = `### ${bench.title}`;
  if (!result) return `${heading}\n\nNo committed result: run \`${bench.command}\`.\n`;
  const rows = bench.figures.flatMap((entry): Array<[string, string]> => {
    if (!('group' in entry)) return [figureRow(result, entry)];
    const part = at(result, entry.path);
    if (part === undefined || part === null) return [[`**${entry.group}**`, 'not in this run']];
    return [[`**${entry.group}**`, ''], ...entry.figures.map((f) => figureRow(part, f))];
  });
  const out = [heading, `\`${bench.command}\`, result of ${dateOf(whenOf(result))}.`];
  out.push(table(['figure', 'latest'], rows));
  const goals = goalsOf(name, result);
  if (typeof result.goal === 'string' && typeof result.goalMet !== 'boolean') out.push(`Goal: ${result.goal}.`);
  if (goals.length > 0)
    out.push(
      table(
        ['goal', 'latest'],
        goals.map((g) => [g.goal, g.met ? 'met' : 'NOT met']),
      ),
    );
  return `${out.join('\n\n')}\n`;
}

/** The generated section (what goes between the markers) from the result files in `dir`. */
export function renderFigures(dir: string = RESULTS_DIR): string {
  const benches = Object.entries(BENCHES).map(([name, bench]) => renderBench(name, bench, readResult(dir, name)));
  const note = '<!-- Written by `npm run bench:page` from server/bench/results/*.json: edits here are overwritten. -->';
  return `\n${[`${note}\n`, ...benches].join('\n')}`;
}

/** The README's headline figures: a figure of the page each, by its bench and its label. */
export const HEADLINES: ReadonlyArray<readonly [bench: string, label: string]> = [
  ['load', 'run: every request'],
  ['load', 'run: failures'],
  ['load', 'soak: every request'],
  ['load', 'heap after a collection, warm-up → end of soak'],
  ['search', 'city+radius, as served'],
  ['search', 'filtered, computed'],
  ['database-paths', 'libSQL file: bookings'],
  ['fuzz', 'requests'],
  ['fuzz', 'server errors'],
  ['lighthouse', '`/cleaners` performance'],
  ['size', 'search widget with all it needs'],
];

/** The README's section: the headline figures, then how many goals the results meet. */
export function renderHeadlines(dir: string = RESULTS_DIR): string {
  const results = new Map(Object.keys(BENCHES).map((name) => [name, readResult(dir, name)]));
  const lines = HEADLINES.map(([name, label]) => {
    const bench = BENCHES[name];
    const figure = bench?.figures.find((entry): entry is Figure => !('group' in entry) && entry.label === label);
    if (!bench || !figure) throw new Error(`no figure "${label}" in the ${name} bench of the page`);
    const result = results.get(name);
    const [, value] = result ? figureRow(result, figure) : [label, 'no committed result'];
    return `- ${bench.title}, ${label}: ${value}`;
  });
  const goals = [...results].flatMap(([name, result]) => (result ? goalsOf(name, result) : []));
  const met = goals.filter((goal) => goal.met).length;
  lines.push(`- Goals met by the latest results: ${met} of ${goals.length}`);
  const note = '<!-- Written by `npm run bench:page` from server/bench/results/*.json: edits here are overwritten. -->';
  return `\n${note}\n\n${lines.join('\n')}\n\n`;
}

/** What the page holds between the markers; throws when they are missing. */
export function sectionOf(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start === -1 || end < start) throw new Error(`the page has no ${START} … ${END} section`);
  return page.slice(start + START.length, end);
}

/** Rewrites a file's section between the markers; true when it changed. */
function writeSection(file: string, figures: string): boolean {
  const text = readFileSync(file, 'utf8');
  const section = sectionOf(text);
  if (section === figures) return false;
  const start = text.indexOf(START) + START.length;
  writeFileSync(file, `${text.slice(0, start)}${figures}${text.slice(start + section.length)}`);
  return true;
}

/** Rewrites the page's section from the result files; true when it changed. */
export function writePage(dir: string = RESULTS_DIR, page: string = PAGE): boolean {
  return writeSection(page, renderFigures(dir));
}

/** Rewrites the README's headline figures from the result files; true when they changed. */
export function writeReadme(dir: string = RESULTS_DIR, readme: string = README): boolean {
  return writeSection(readme, renderHeadlines(dir));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = writePage();
  console.log(`${changed ? 'Rewrote' : 'Unchanged:'} the figures of ${PAGE}`);
  console.log(`${writeReadme() ? 'Rewrote' : 'Unchanged:'} the headline figures of ${README}`);
}
