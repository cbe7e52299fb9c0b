import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The hosted app's structure (decision 043, after bulletproof-react): a feature stands alone — it
 * imports the shared layers (`entities/`, `components/`, `lib/`) and never another feature; the
 * shared layers import no feature; and only an `api/` folder (or `lib/` itself) talks to the API
 * client, so a page never hides a request in a component.
 */

const SRC = import.meta.dirname;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The relative imports of a source text (static and dynamic), as written. */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)) found.push(m[1] as string);
  return found;
}

/** Where a file sits: `feature:<name>`, `entity:<name>`, `shared` (components, lib) or `app`. */
export function layerOf(file: string): string {
  const [top, name] = file.split('/');
  if (top === 'features' && name) return `feature:${name}`;
  if (top === 'entities' && name) return `entity:${name}`;
  if (top === 'components' || top === 'lib' || top === 'styles') return 'shared';
  return 'app';
}

/** Why `from` (a path under src) may not import `to`, or null when it may. */
export function importProblem(from: string, to: string): string | null {
  const source = layerOf(from);
  const target = layerOf(to);
  if (target.startsWith('feature:')) {
    if (source === target || source === 'app') return null;
    return `${source} imports ${target}`;
  }
  if (to === 'lib/api.ts' && !from.startsWith('lib/') && !from.split('/').includes('api')) {
    return 'calls the API client outside an api/ folder';
  }
  return null;
}

function resolveImport(file: string, specifier: string): string {
  const base = resolve(dirname(join(SRC, file)), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return relative(SRC, candidate).split(sep).join('/');
    } catch {
      // not this one
    }
  }
  return relative(SRC, base).split(sep).join('/');
}

describe('hosted app structure', () => {
  it('keeps features standalone and API calls in api/ folders', () => {
    const problems: string[] = [];
    for (const path of walk(SRC)) {
      const file = relative(SRC, path).split(sep).join('/');
      for (const specifier of relativeImports(readFileSync(path, 'utf8'))) {
        const problem = importProblem(file, resolveImport(file, specifier));
        if (problem) problems.push(`${file}: ${problem} (${specifier})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('sees a feature importing another, a shared layer importing a feature, and a stray API call', () => {
    expect(importProblem('features/profile/components/page.tsx', 'features/reviews/index.ts')).toBe(
      'feature:profile imports feature:reviews',
    );
    expect(importProblem('entities/booking/api/x.ts', 'features/checkout/api/y.ts')).toMatch(/imports feature/);
    expect(importProblem('components/cleaner-card.tsx', 'features/search/index.ts')).toMatch(/imports feature/);
    expect(importProblem('components/cleaner-card.tsx', 'lib/api.ts')).toMatch(/outside an api/);
    expect(importProblem('features/search/components/x.tsx', 'lib/api.ts')).toMatch(/outside an api/);
    expect(importProblem('features/search/api/x.ts', 'lib/api.ts')).toBeNull();
    expect(importProblem('features/search/components/x.tsx', 'features/search/api/x.ts')).toBeNull();
    expect(importProblem('features/search/components/x.tsx', 'entities/booking/index.ts')).toBeNull();
    expect(importProblem('routes.tsx', 'features/search/index.ts')).toBeNull();
    expect(relativeImports("import { a } from '../../x';\nconst b = import('./y');")).toEqual(['../../x', './y']);
  });
});
