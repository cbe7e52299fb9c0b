/** How the performance page writes a bench's figures (page.ts): the formats and the path reader. */

export type Path = string | readonly string[];

/** How a value is written; each returns undefined for a value it cannot write (shown as "—"). */
export const FORMATS = {
  /** A number (rounded to its size), yes/no, text, a range of numbers, or counts. */
  auto: (v: unknown, unit?: string) => withUnit(auto(v), unit),
  /** As it is, without grouping digits (a seed, a version). */
  text: (v: unknown, unit?: string) => withUnit(v === undefined || v === null ? undefined : String(v), unit),
  /** A share (0.355) as a percentage (35.5%). */
  percent: (v: unknown) => (typeof v === 'number' ? percent(v) : undefined),
  /** Bytes in KB (1,024 bytes), one decimal. */
  kib: (v: unknown, unit?: string) => withUnit(typeof v === 'number' ? oneDecimal(v / 1024) : undefined, unit),
  /** Bytes in MB (1,048,576 bytes), one decimal. */
  mib: (v: unknown, unit?: string) => withUnit(typeof v === 'number' ? oneDecimal(v / 1048576) : undefined, unit),
  /** Milliseconds in seconds. */
  seconds: (v: unknown, unit?: string) => withUnit(typeof v === 'number' ? number(v / 1000) : undefined, unit),
  /** The lowest and highest of numbers (a `*` path). */
  range: (v: unknown, unit?: string) => withUnit(range(v), unit),
  /** The lowest and highest of byte counts, in KB. */
  kibRange: (v: unknown, unit?: string) =>
    withUnit(
      range(
        numbers(v)?.map((n) => n / 1024),
        oneDecimal,
      ),
      unit,
    ),
  /** How many entries (an array, or what a `*` path found). */
  count: (v: unknown, unit?: string) => withUnit(Array.isArray(v) ? number(v.length) : undefined, unit),
  /** Counts by name, `{ "201": 5 }`: 5 × 201. */
  counts: (v: unknown) => counts(v),
  /** A run's rate and latency: `requestsPerSecond` (or `answeredPerSecond`), p50, p99, max. */
  throughput: (v: unknown) => parts(v, [['requestsPerSecond', 'answeredPerSecond'], (n) => `${n} req/s`], ...LATENCY),
  /** Latency: p50, p99, max (named `p50Ms` or `p50`, …). */
  latency: (v: unknown) => parts(v, ...LATENCY),
  /** What went wrong in a run: non-2xx answers, 503s, errors, timeouts, failed probes. */
  failures: (v: unknown) =>
    parts(
      v,
      ...(['non2xx', 'status503', 'errors', 'timeouts', 'failed'] as const).map(
        (key): Part => [[key], (n) => `${n} ${FAILURE_NAMES[key]}`],
      ),
    ),
  /** A score, `{ passed, total, share }`: 45/50 (90%). */
  score: (v: unknown) => {
    const s = v as { passed?: unknown; total?: unknown; share?: unknown } | null;
    if (typeof s?.passed !== 'number' || typeof s.total !== 'number') return undefined;
    return `${number(s.passed)}/${number(s.total)}${typeof s.share === 'number' ? ` (${percent(s.share)})` : ''}`;
  },
  /** A score with its doubts, `{ passed, unsure, wrong, total }`: 42 right, 1 not sure, 7 wrong of 50. */
  verdicts: (v: unknown) => {
    const s = v as { passed?: unknown; unsure?: unknown; wrong?: unknown; total?: unknown } | null;
    if (typeof s?.passed !== 'number' || typeof s.unsure !== 'number' || typeof s.wrong !== 'number') return undefined;
    return `${number(s.passed)} right, ${number(s.unsure)} not sure, ${number(s.wrong)} wrong of ${number(Number(s.total))}`;
  },
  /** A change, `{ before, after, change }`: 69.9 → 71.7 MB (+2.6%). */
  change: (v: unknown, unit?: string) => {
    const c = v as { before?: unknown; after?: unknown; change?: unknown } | null;
    if (typeof c?.before !== 'number' || typeof c.after !== 'number') return undefined;
    const share = typeof c.change === 'number' ? ` (${c.change > 0 ? '+' : ''}${percent(c.change)})` : '';
    return `${withUnit(`${number(c.before)} → ${number(c.after)}`, unit)}${share}`;
  },
  /** A picture's size, `{ width, height }`: 4,096 × 4,096 px. */
  pixels: (v: unknown) => {
    const p = v as { width?: unknown; height?: unknown } | null;
    if (typeof p?.width !== 'number' || typeof p.height !== 'number') return undefined;
    return `${number(p.width)} × ${number(p.height)} px`;
  },
} satisfies Record<string, (value: unknown, unit?: string) => string | undefined>;

export type Figure = { label: string; path: Path; format?: keyof typeof FORMATS; unit?: string };
/** Figures under one part of a result (a fault); one line when the result has no such part. */
export type Group = { group: string; path: Path; figures: Figure[] };
export type Bench = { title: string; command: string; figures: Array<Figure | Group> };

export const rate = (label: string, path: Path): Figure => ({ label, path, format: 'throughput' });
export const latency = (label: string, path: Path): Figure => ({ label, path, format: 'latency' });

/** A named number of an object: the keys it may have, and how it is written. */
type Part = [keys: string[], write: (n: string) => string];

const LATENCY: Part[] = (['p50', 'p99', 'max'] as const).map((name) => [[`${name}Ms`, name], (n) => `${name} ${n} ms`]);

const FAILURE_NAMES = {
  non2xx: 'non-2xx',
  status503: '503s',
  errors: 'errors',
  timeouts: 'timeouts',
  failed: 'failed',
};

/** A number rounded to its size: 513, 85.1, 0.34; digits grouped (30,777). */
function number(n: number): string {
  const size = Math.abs(n);
  return n.toLocaleString('en-US', { maximumFractionDigits: size >= 100 ? 0 : size >= 10 ? 1 : 2 });
}

function oneDecimal(n: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

function percent(share: number): string {
  return `${number(share * 100)}%`;
}

function withUnit(text: string | undefined, unit?: string): string | undefined {
  return text === undefined || !unit ? text : `${text} ${unit}`;
}

function numbers(v: unknown): number[] | undefined {
  return Array.isArray(v) && v.every((n) => typeof n === 'number') ? v : undefined;
}

function range(v: unknown, write: (n: number) => string = number): string | undefined {
  const all = numbers(v);
  if (!all?.length) return undefined;
  const [low, high] = [write(Math.min(...all)), write(Math.max(...all))];
  return low === high ? low : `${low}–${high}`;
}

function counts(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return 'none';
  return entries.map(([name, n]) => `${auto(n) ?? '—'} × ${name}`).join(', ');
}

function auto(v: unknown): string | undefined {
  if (typeof v === 'number') return number(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return numbers(v) ? range(v) : v.map((item) => auto(item) ?? '—').join(', ') || undefined;
  return counts(v);
}

/** The parts an object has, written and joined ("513 req/s, p50 85.1 ms"); undefined when none. */
function parts(v: unknown, ...all: Part[]): string | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  const written = all.flatMap(([keys, write]) => {
    const n = keys.map((key) => o[key]).find((x) => typeof x === 'number') as number | undefined;
    return n === undefined ? [] : [write(number(n))];
  });
  return written.length ? written.join(', ') : undefined;
}

/** The value at `path` in `value`; with `*`, every entry's (those present); undefined when missing. */
export function at(value: unknown, path: Path): unknown {
  const keys = typeof path === 'string' ? path.split('.') : path;
  const walk = (v: unknown, i: number): unknown => {
    if (i === keys.length) return v;
    if (v === null || typeof v !== 'object') return undefined;
    const key = keys[i] as string;
    if (key === '*') {
      const found = Object.values(v).map((entry) => walk(entry, i + 1));
      const nested = keys.indexOf('*', i + 1) !== -1;
      return found.flatMap((x) => (x === undefined || x === null ? [] : nested && Array.isArray(x) ? x : [x]));
    }
    return Object.hasOwn(v, key) ? walk((v as Record<string, unknown>)[key], i + 1) : undefined;
  };
  return walk(value, 0);
}
