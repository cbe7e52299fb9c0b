import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of decision 032, checked on the source: feature folders never import each other in
 * a loop, routes never touch tables, and the server imports only the SDK's server-safe entries.
 */
const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).filter((f) => !relative(SRC, f).startsWith(`test${sep}`));
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport\(?)\s*'([^']+)'/g)].map((m) => m[1] as string);

/** The top-level folder of a file under src (`bookings`, `payments`, …), or null for root files. */
function folderOf(file: string): string | null {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? (parts[0] as string) : null;
}

describe('architecture (decision 032)', () => {
  it('has no import loop between feature folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      const from = folderOf(file);
      if (!from) continue;
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const to = folderOf(normalize(join(dirname(file), spec)));
        if (!to || to === from) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)?.add(to);
      }
    }
    const loops: string[] = [];
    const visit = (node: string, path: string[]) => {
      for (const next of edges.get(node) ?? []) {
        const at = path.indexOf(next);
        if (at >= 0) loops.push([...path.slice(at), next].join(' → '));
        else visit(next, [...path, next]);
      }
    };
    for (const start of edges.keys()) visit(start, [start]);
    expect([...new Set(loops)].sort()).toEqual([]);
  });

  it('keeps tables out of routes: no *.routes.ts imports drizzle-orm or the schema', () => {
    const offenders = files
      .filter((f) => f.endsWith('.routes.ts'))
      .filter((f) => importsOf(f).some((s) => s.startsWith('drizzle-orm') || /\/db\/(schema|client)$/.test(s)))
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });

  it('imports only the SDK’s server-safe entries (schemas, rules, cities), never a browser one', () => {
    const allowed = new Set(['@spotless/sdk/schemas', '@spotless/sdk/rules', '@spotless/sdk/cities']);
    const offenders = files.flatMap((f) =>
      importsOf(f)
        .filter((s) => s.startsWith('@spotless/sdk') && !allowed.has(s))
        .map((s) => `${relative(SRC, f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
