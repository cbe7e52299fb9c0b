import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of decisions 032 and 043, checked on the source: feature folders never import each
 * other in a loop; only a domain's services and queries write its tables (and the infrastructure
 * stores decision 043 names); only services and queries import query modules; route files hold
 * handlers only (the operation table holds their descriptions); no source or test file grows past 400
 * lines; the server imports only the SDK's server-safe entries.
 */
const SRC = import.meta.dirname;
const ROOT = join(SRC, '..', '..');

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path, keep);
    return keep(path) ? [path] : [];
  });
}

const isTest = (file: string) => /\.(test|e2e|targets)\.tsx?$/.test(file);
const files = walk(SRC, (f) => f.endsWith('.ts') && !isTest(f)).filter(
  (f) => !relative(SRC, f).startsWith(`test${sep}`),
);
const source = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const rel = (file: string) => relative(SRC, file).split(sep).join('/');

/** Value imports (a type-only import brings no code and no access). */
function importsOf(file: string, text = source.get(file) ?? readFileSync(file, 'utf8')): string[] {
  return [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g),
  ]
    .filter((m) => !m[1])
    .map((m) => (m[2] ?? m[3]) as string);
}

/** The top-level folder of a file under src (`bookings`, `payments`, …), or null for root files. */
function folderOf(file: string): string | null {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? (parts[0] as string) : null;
}

/**
 * Schema files whose domain's folder has another name (`db/schema/services.ts` is the catalogue's;
 * `db/schema/partner-webhooks.ts` the partners').
 */
const SCHEMA_FOLDERS: Record<string, string> = {
  services: 'catalog',
  'partner-webhooks': 'partners',
  'partner-portal': 'partners',
};

/**
 * Which domain owns each table: the file of `db/schema/` that declares it (`db/schema/bookings.ts`
 * declares the bookings domain's tables), named by the domain's folder.
 */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of walk(join(SRC, 'db', 'schema'), (f) => f.endsWith('.ts'))) {
    const schema = basename(file, '.ts');
    const domain = SCHEMA_FOLDERS[schema] ?? schema;
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = sqliteTable\(\s*'(\w+)'/g)) {
      owners.set(m[1] as string, domain);
      owners.set(m[2] as string, domain);
    }
  }
  return owners;
}

/**
 * Infrastructure stores (decision 043): each writes its own table(s) for every domain. Seeding and
 * bulk loading fill the embedded database before the app serves it.
 */
const STORES: Record<string, readonly string[]> = {
  'auth/sessions.ts': ['sessions'],
  'rate-limits/rate-limit.ts': ['rateLimits', 'rate_limits'],
  'auth/auth-tokens.ts': ['authTokens'],
  'idempotency/idempotency.ts': ['idempotencyKeys'],
  'notifications/outbox.ts': ['notifications'],
  'audit/audit-log.ts': ['auditLog'],
  'payments/local-connect.ts': ['localConnectedAccounts', 'localTransfers', 'localTransferReversals'],
  'partners/preview-keys.ts': ['serverSecrets'],
  'payments/local-provider-store.ts': [
    'localPaymentIntents',
    'localPaymentRequests',
    'localPaymentEvents',
    'localPaymentMethods',
    'localCustomers',
    'serverSecrets',
  ],
  'jobs/purge-expired.ts': ['sessions', 'rateLimits', 'idempotencyKeys', 'authTokens', 'localPaymentRequests'],
};
const BULK_LOADERS = [/^seed\//, /^db\//];

/** Every table write in a text: Drizzle's insert/update/delete on a table, or SQL naming one. */
export function tableWrites(text: string, owners: ReadonlyMap<string, string>): string[] {
  const written = new Set<string>();
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    if (owners.has(m[1] as string)) written.add(m[1] as string);
  }
  for (const m of text.matchAll(/\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+["`]?(\w+)/gi)) {
    if (owners.has(m[1] as string)) written.add(m[1] as string);
  }
  return [...written];
}

/** Where a write to `table` may happen: its domain's services and queries, or a store that owns it. */
export function mayWrite(file: string, table: string, owners: ReadonlyMap<string, string>): boolean {
  if (STORES[file]?.includes(table)) return true;
  if (BULK_LOADERS.some((pattern) => pattern.test(file))) return true;
  const owner = owners.get(table);
  const [folder, name] = file.split('/');
  return folder === owner && name !== undefined && /\.(service|queries)\.ts$/.test(name);
}

/** A query module may be imported by services and queries only. */
export const mayImportQueries = (file: string) =>
  /\.(service|queries)\.ts$/.test(file) || BULK_LOADERS.some((pattern) => pattern.test(file));

/** What only the operation table (`<domain>.openapi.ts`) may say about an operation. */
export const OPENAPI_METADATA = /\bdescribe\(|\boperationId\s*:|\bsummary\s*:|\bresponses\s*:|\bsecurity\s*:/;

/**
 * The server's test files share one module graph per worker (decision 070), so a file that replaces
 * a module for itself must run alone: it is named `*.isolated.test.ts`.
 */
export const needsIsolation = (file: string, text: string) =>
  /\bvi\.(mock|doMock|unmock|resetModules)\(/.test(text) && !file.endsWith('.isolated.test.ts');

/** Every import of a file, type-only ones too: a circle of types still ties the files together. */
function allImportsOf(text: string): string[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
}

/** The groups of files that import each other round in a circle (Tarjan's strongly connected components). */
export function circlesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/** The source files of a folder and which of them each imports (relative imports, resolved). */
function fileGraph(dir: string): Map<string, string[]> {
  const sources = walk(dir, (f) => /\.tsx?$/.test(f) && !isTest(f));
  const known = new Set(sources);
  const resolve = (from: string, spec: string) =>
    [`${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`, spec]
      .map((s) => normalize(join(dirname(from), s)))
      .find((s) => known.has(s));
  return new Map(
    sources.map((f) => [
      relative(ROOT, f).split(sep).join('/'),
      allImportsOf(readFileSync(f, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolve(f, spec))
        .filter((to): to is string => to !== undefined)
        .map((to) => relative(ROOT, to).split(sep).join('/')),
    ]),
  );
}

export const MAX_LINES = 400;
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('architecture (decisions 032 and 043)', () => {
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

  it('has no circle of files importing each other, in the server or the SDK (type imports included)', () => {
    const circles = ['server/src', 'sdk/src'].flatMap((dir) => circlesOf(fileGraph(join(ROOT, dir))));
    expect(circles).toEqual([]);
  });

  it('lets only a domain’s services and queries (and the named stores) write its tables', () => {
    const owners = tableOwners();
    expect(owners.get('bookings')).toBe('bookings');
    expect(owners.get('services')).toBe('catalog');
    const offenders = files.flatMap((f) =>
      tableWrites(source.get(f) as string, owners)
        .filter((table) => !mayWrite(rel(f), table, owners))
        .map((table) => `${rel(f)} writes ${table} (owned by ${owners.get(table)})`),
    );
    expect(offenders).toEqual([]);
  });

  it('imports query modules only in services and queries: everything else calls a service', () => {
    const offenders = files.flatMap((f) =>
      mayImportQueries(rel(f))
        ? []
        : importsOf(f)
            .filter((s) => /\.queries$/.test(s))
            .map((s) => `${rel(f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps route files to handlers: no tables, no OpenAPI metadata, every route through endpoint()', () => {
    const routes = files.filter((f) => f.endsWith('.routes.ts'));
    expect(routes.length).toBeGreaterThan(10);
    const offenders = routes.flatMap((f) => {
      const text = source.get(f) as string;
      const problems: string[] = [];
      if (importsOf(f).some((s) => s.startsWith('drizzle-orm') || /\/db\/(schema|client)$/.test(s)))
        problems.push('imports drizzle or the schema');
      if (OPENAPI_METADATA.test(text)) problems.push('holds OpenAPI metadata (it belongs in <domain>.openapi.ts)');
      return problems.map((p) => `${rel(f)} ${p}`);
    });
    expect(offenders).toEqual([]);
  });

  it(`has no source or test file over ${MAX_LINES} lines (generated code aside): a long test splits by behaviour`, () => {
    const generated = new Set(['sdk/src/client/api-types.ts']);
    const roots = [
      'sdk/src',
      'server/src',
      'server/bench',
      'server/targets',
      'admin/src',
      'e2e',
      'scripts',
      'examples',
    ];
    const sourceFile = (f: string) => /\.(ts|tsx|mts|mjs|js|css)$/.test(f);
    const long = roots
      .flatMap((root) => {
        try {
          return walk(join(ROOT, root), sourceFile);
        } catch {
          return [];
        }
      })
      .map((f) => ({ file: relative(ROOT, f).split(sep).join('/'), lines: lineCount(readFileSync(f, 'utf8')) }))
      .filter(({ file, lines }) => !generated.has(file) && lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });

  it('names every test file that replaces a module *.isolated.test.ts, so it runs in its own module graph', () => {
    const tests = walk(SRC, (f) => /\.test\.ts$/.test(f));
    const offenders = tests.filter((f) => needsIsolation(f, readFileSync(f, 'utf8'))).map(rel);
    expect(tests.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });

  it('imports only the SDK’s server-safe entries (schemas, rules, cities, help, webhooks), never a browser one', () => {
    const allowed = new Set([
      '@spotless/sdk/schemas',
      '@spotless/sdk/rules',
      '@spotless/sdk/cities',
      '@spotless/sdk/help',
      '@spotless/sdk/webhooks',
    ]);
    const offenders = files.flatMap((f) =>
      importsOf(f)
        .filter((s) => s.startsWith('@spotless/sdk') && !allowed.has(s))
        .map((s) => `${rel(f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('the architecture checks catch what they are for', () => {
  const owners = new Map([
    ['bookings', 'bookings'],
    ['cleaners', 'cleaners'],
    ['sessions', 'auth'],
  ]);

  it('finds table writes by Drizzle and by SQL, and allows them only to the owner', () => {
    expect(tableWrites('await tx.update(cleaners).set({})', owners)).toEqual(['cleaners']);
    expect(tableWrites("client.execute('DELETE FROM bookings WHERE id = 1')", owners)).toEqual(['bookings']);
    expect(tableWrites('queue.delete(key)', owners)).toEqual([]);
    expect(mayWrite('bookings/booking-writes.service.ts', 'bookings', owners)).toBe(true);
    expect(mayWrite('bookings/bookings.queries.ts', 'bookings', owners)).toBe(true);
    expect(mayWrite('bookings/booking-lifecycle.service.ts', 'cleaners', owners)).toBe(false);
    expect(mayWrite('jobs/booking-reminders.ts', 'bookings', owners)).toBe(false);
    expect(mayWrite('bookings/bookings.routes.ts', 'bookings', owners)).toBe(false);
    expect(mayWrite('auth/sessions.ts', 'sessions', owners)).toBe(true);
  });

  it('refuses query imports outside services and queries, but not type-only ones', () => {
    expect(mayImportQueries('bookings/bookings.routes.ts')).toBe(false);
    expect(mayImportQueries('jobs/registry.ts')).toBe(false);
    expect(mayImportQueries('bookings/bookings.service.ts')).toBe(true);
    const text =
      "import { findBooking } from './bookings.queries';\nimport type { BookingView } from './bookings.queries';";
    expect(importsOf('x.ts', text)).toEqual(['./bookings.queries']);
  });

  it('finds circles of any length, and none in a chain', () => {
    const graph = (pairs: string[]) => {
      const edges = new Map<string, string[]>();
      for (const pair of pairs) {
        const [from, to] = pair.split('>') as [string, string];
        edges.set(from, [...(edges.get(from) ?? []), to]);
      }
      return edges;
    };
    expect(circlesOf(graph(['a>b', 'b>c', 'c>d']))).toEqual([]);
    expect(circlesOf(graph(['a>b', 'b>a', 'c>d']))).toEqual([['a', 'b']]);
    expect(circlesOf(graph(['a>b', 'b>c', 'c>a', 'c>d', 'd>e', 'e>d']))).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
  });

  it('sees a module replaced outside an isolated test file', () => {
    const mock = ['vi', "mock('../rules', async () => ({}));"].join('.'); // not a mock of this file's own
    expect(needsIsolation('bookings/window.test.ts', mock)).toBe(true);
    expect(needsIsolation('bookings/window.isolated.test.ts', mock)).toBe(false);
    expect(needsIsolation('bookings/window.test.ts', "vi.spyOn(console, 'log');")).toBe(false);
  });

  it('sees OpenAPI metadata in a route file', () => {
    expect(OPENAPI_METADATA.test(".get('/', describe({ operationId: 'x' }), h)")).toBe(true);
    expect(OPENAPI_METADATA.test('.get(...endpoint(api.getBooking), async (c) => c.json(x))')).toBe(false);
  });
});
