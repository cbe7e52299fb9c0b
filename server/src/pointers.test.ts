import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The why lives in the repository: code, tests and documents point to the product's documents
 * (`docs/product/`) and the decision records (`docs/decisions/`), never to papers the next engineer
 * will not have — a specification by its section numbers, a design note outside the repository,
 * or an issue tracker's numbers — and every relative link in the Markdown leads to a file.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const THIS_FILE = 'server/src/pointers.test.ts';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && /\.(ts|tsx|mts|mjs|js|css|html|md|json|toml|yaml|yml|sql)$/.test(file))
  .filter((file) => file !== 'package-lock.json' && file !== THIS_FILE && existsSync(join(ROOT, file)));
const text = new Map(tracked.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

const POINTERS: Array<[string, RegExp]> = [
  ['a specification section', /§|\bspec(?:ification)? 0[12]\b/i],
  ['a design note outside the repository', /\b(?:DESIGN|STYLE|TOOLING)\.md\b|\.\.\/shared\//],
  ['an issue number', /\bissues? #?\d+\b/i],
];

describe('pointers', () => {
  it('lead into the repository: no specification sections, outside notes or issue numbers', () => {
    const found: string[] = [];
    for (const [file, content] of text) {
      content.split('\n').forEach((line, i) => {
        for (const [what, pattern] of POINTERS) {
          if (pattern.test(line)) found.push(`${file}:${i + 1} ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('in Markdown, relative links lead to files that exist', () => {
    const broken: string[] = [];
    for (const [file, content] of text) {
      if (!file.endsWith('.md')) continue;
      for (const match of content.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (match[1] as string).split('#')[0] as string;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(ROOT, dirname(file), target))) broken.push(`${file}: ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
