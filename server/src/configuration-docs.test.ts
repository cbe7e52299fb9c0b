import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from './config';

/**
 * Every setting is documented in one place, docs/configuration.md, and the README's configuration
 * section sends readers there for all of them (it names only what production needs).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the configuration documents', () => {
  it('docs/configuration.md names every variable the server reads', () => {
    const doc = read('docs/configuration.md');
    expect(ENV_VARIABLES.length).toBeGreaterThan(30);
    expect(ENV_VARIABLES).toContain('AUTH_RATE_LIMIT');
    expect(ENV_VARIABLES.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });

  it('the README’s configuration section points to it for every setting, first', () => {
    const readme = read('README.md');
    const section = /\n## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const [opening] = section.trim().split('\n\n');
    expect(opening).toMatch(/Every setting/);
    expect(opening).toContain('[docs/configuration.md](docs/configuration.md)');
    // What it names is documented there too.
    const doc = read('docs/configuration.md');
    const named = [...section.matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)].map((m) => m[1] as string);
    expect(named).toContain('AUTH_RATE_LIMIT');
    expect(named.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});
