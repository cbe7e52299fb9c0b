/**
 * Reading the benches' result files (bench/results/<name>.json, written by `writeResult` and the
 * repository's size and Lighthouse scripts) and the goals they state: `npm run bench` prints the
 * goals as a table, `npm run bench:page` writes them into docs/performance.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Result = Record<string, unknown>;

export type Goal = { file: string; goal: string; met: boolean; when: string };

/** The result file `name` in `dir`, or undefined when there is none. */
export function readResult(dir: string, name: string): Result | undefined {
  const path = join(dir, `${name}.json`);
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as Result;
}

/** When a result was measured: `when`, or `measuredAt` in the files that name it so; '' if neither. */
export function whenOf(result: Result): string {
  return String(result.when ?? result.measuredAt ?? '');
}

/** The goals a result file states: `goals` (each a boolean or `{ met }`) and a top-level `goalMet`. */
export function goalsOf(file: string, result: Result): Goal[] {
  const when = whenOf(result);
  const rows: Goal[] = [];
  if (typeof result.goalMet === 'boolean') {
    rows.push({ file, goal: String(result.goal ?? 'goal'), met: result.goalMet, when });
  }
  const goals = result.goals;
  if (goals && typeof goals === 'object') {
    for (const [name, value] of Object.entries(goals as Record<string, unknown>)) {
      const met = typeof value === 'boolean' ? value : (value as { met?: unknown })?.met;
      if (typeof met === 'boolean') rows.push({ file, goal: name, met, when });
    }
  }
  return rows;
}
