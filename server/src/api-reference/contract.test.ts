import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths';
import { currentOpenApi } from './api-types';

/**
 * The contract as strangers' tools read it: Redocly's recommended rules, and a client generated
 * by openapi-typescript used through openapi-fetch, type-checked by the compiler.
 */

const ROOT = join(SERVER_ROOT, '..');
// Inside node_modules, so the generated client resolves openapi-fetch as any project would.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const document = await currentOpenApi();
writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

describe('the OpenAPI document', () => {
  it('has no errors under Redocly’s recommended rules', () => {
    const run = () =>
      execFileSync(
        process.execPath,
        [
          join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
          'lint',
          '--extends=recommended',
          '--format=json',
          join(dir, 'openapi.json'),
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    let output: string;
    try {
      output = run();
    } catch (error) {
      // Redocly exits non-zero when it finds errors; its report is still on stdout.
      output = String((error as { stdout?: string }).stdout ?? '');
    }
    const report = JSON.parse(output.slice(output.indexOf('{'))) as { problems: LintProblem[] };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
  }, 60_000);

  it('declares every operation’s id and security, and numbers in the query as numbers', () => {
    const doc = document as {
      servers: unknown[];
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            security?: unknown[];
            parameters?: Array<{ name: string; schema: { type?: string } }>;
          }
        >
      >;
    };
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([
      'adminSessionCookie',
      'publishableKey',
      'sessionCookie',
    ]);
    expect(doc.paths['/api/guest-bookings']?.post?.security).toEqual([{ publishableKey: [] }]);
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        expect(ids.has(op.operationId as string), op.operationId).toBe(false);
        ids.add(op.operationId as string);
        expect(Array.isArray(op.security), `${method} ${path} security`).toBe(true);
      }
    }
    const search = doc.paths['/api/cleaners']?.get?.parameters ?? [];
    for (const name of ['minRating', 'radius', 'page', 'latitude']) {
      expect(search.find((p) => p.name === name)?.schema.type, name).toMatch(/^(number|integer)$/);
    }
  });

  it('generates a client (openapi-typescript + openapi-fetch) that searches, books and cancels without a type error', async () => {
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as never)));
    writeFileSync(
      join(dir, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8787' });

export async function journey(): Promise<string | undefined> {
  const found = await client.GET('/api/cleaners', {
    params: { query: { location: 'Austin', minRating: 4, radius: 30, page: 1 } },
  });
  const cleaner = found.data?.items[0];
  if (!cleaner) return undefined;
  const booked = await client.POST('/api/bookings', {
    body: {
      cleanerId: cleaner.id,
      serviceId: 1,
      address: '1 Main St',
      scheduledDate: '2026-12-01',
      scheduledTime: '10:00',
      duration: 120,
      totalPrice: '90.00',
    },
  });
  const booking = booked.data;
  if (!booking) return booked.error === undefined ? undefined : 'refused';
  const cancel: { method: string; href: string } | undefined = booking.actions.cancel;
  const selfHref: string = booking.links.self.href;
  const cancelled = await client.DELETE('/api/bookings/{id}', { params: { path: { id: booking.id } } });
  return \`\${selfHref} \${cancel?.method} \${cancelled.data?.status}\`;
}

export async function mistakes() {
  // @ts-expect-error minRating is a number, not text
  await client.GET('/api/cleaners', { params: { query: { minRating: 'four' } } });
  // @ts-expect-error a booking needs its cleaner
  await client.POST('/api/bookings', { body: { serviceId: 1, address: 'x', scheduledDate: '2026-12-01', duration: 60, totalPrice: '1.00' } });
}
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          skipLibCheck: true,
          types: [],
        },
        files: ['client.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 60_000);
});
