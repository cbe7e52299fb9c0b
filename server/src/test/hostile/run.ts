import { ApiErrorBody } from '@spotless/sdk/schemas';
import fc from 'fast-check';
import type { Operation } from '../../contract/operations';
import { API_OPERATIONS } from '../../operations';
import { type HostileCase, hostileRequests } from './requests';
import { PARTNER_ORIGIN, SITE_ORIGIN, type World } from './world';

export type ViolationKind = '5xx' | 'not-json' | 'error-shape' | 'no-fields' | 'partial-write' | 'polluted' | 'threw';

export interface Violation {
  kind: ViolationKind;
  operationId: string;
  status: number;
  /** The request, readable and short. */
  request: string;
  /** The request whole (a body over 4,000 characters cut), to send again in a regression test. */
  replay: Omit<HostileCase, 'note'>;
  detail: string;
}

export interface FuzzFigures {
  seed: number;
  runsPerOperation: number;
  operations: number;
  requests: number;
  statusesByClass: Record<string, number>;
  statuses: Record<string, number>;
  /** Each operation's answers by status: how far its requests got (400 at the edge, 2xx past it). */
  byOperation: Record<string, Record<string, number>>;
  /** Each operation's time, in ms: where a long run goes (password hashing, mostly). */
  msByOperation: Record<string, number>;
  serverErrors: number;
  unhandledRejections: number;
  /** Refused writes whose database was compared before and after. */
  refusedWritesChecked: number;
  /** Violations by kind and operation; `examples` keeps the first few requests of each. */
  violations: Array<{ kind: ViolationKind; operationId: string; count: number; examples: Violation[] }>;
  slowest: Array<{ operationId: string; ms: number; request: string }>;
  durationMs: number;
}

/** Unhandled rejections and uncaught exceptions while it is installed: each is a crash of a real server. */
export function watchRejections() {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => {
    seen.push(reason);
  };
  process.on('unhandledRejection', listener);
  process.on('uncaughtException', listener);
  return {
    count: () => seen.length,
    seen,
    stop() {
      process.off('unhandledRejection', listener);
      process.off('uncaughtException', listener);
    },
  };
}

function replayOf(c: HostileCase): Omit<HostileCase, 'note'> {
  const { note: _, ...rest } = c;
  const body = typeof rest.body === 'string' && rest.body.length > 4000 ? `${rest.body.slice(0, 4000)}…` : rest.body;
  return { ...rest, body: body instanceof Uint8Array ? `<${body.byteLength} bytes>` : body };
}

const preview = (text: string, max = 160) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

export function describeCase(c: HostileCase): string {
  const url = c.url.length > 200 ? `${c.url.slice(0, 200)}…(${c.url.length} chars)` : c.url;
  const body =
    c.body === null
      ? ''
      : ` body=${typeof c.body === 'string' ? preview(c.body) : `<${c.body.byteLength} bytes>`}${typeof c.body === 'string' && c.body.length > 160 ? `(${c.body.length} chars)` : ''}`;
  return `${c.method} ${url} as ${c.caller}, origin ${c.origin}, content-type ${c.contentType ?? 'none'}${body}${c.note ? ` [${c.note}]` : ''}`;
}

let addresses = 0;
/** A client address of its own for every request: the per-address throttles never add up. */
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** The request as a browser or a widget would send it, with the caller's credentials of the moment. */
export function requestOf(world: World, c: HostileCase): Request {
  const headers: Record<string, string> = { ...c.headers, ...world.headersOf(c.caller) };
  const own =
    c.caller === 'partner' || c.caller === 'guest' || c.caller === 'unknownKey' ? PARTNER_ORIGIN : SITE_ORIGIN;
  if (c.origin === 'own') headers.origin = own;
  else if (c.origin === 'foreign') headers.origin = 'https://evil.example';
  else delete headers.origin;
  if (c.contentType) headers['content-type'] = c.contentType;
  const body = c.method === 'GET' || c.method === 'HEAD' ? undefined : (c.body ?? undefined);
  return new Request(`http://localhost${c.url}`, { method: c.method, headers, body });
}

export async function send(world: World, c: HostileCase) {
  const started = performance.now();
  const response = await world.ctx.app.request(requestOf(world, c), undefined, {
    incoming: { socket: { remoteAddress: nextAddress() } },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
}

/** What is wrong with an answer: a 5xx, or a 4xx that is not the API's one error shape. */
export function answerProblems(status: number, headers: Headers, text: string): Array<[ViolationKind, string]> {
  if (status >= 500) return [['5xx', text.slice(0, 300)]];
  if (status < 400) return [];
  if (!/^application\/json\b/.test(headers.get('content-type') ?? '')) {
    return [['not-json', `${headers.get('content-type')}: ${text.slice(0, 200)}`]];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [['not-json', text.slice(0, 200)]];
  }
  const parsed = ApiErrorBody.safeParse(body);
  if (!parsed.success) return [['error-shape', text.slice(0, 300)]];
  const { code, fields } = parsed.data.error;
  if (code === 'validation_failed' && Object.keys(fields ?? {}).length === 0)
    return [['no-fields', text.slice(0, 300)]];
  return [];
}

const prototypeShape = () =>
  [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).join()).join('|');

/**
 * What a refusal may still write, on purpose: a refund the provider refused stays as a failed
 * refund beside its audit entry (the reservation is released, the attempt is kept).
 */
const KEPT_WHEN_REFUSED: Readonly<Record<string, readonly string[]>> = { refundPayment: ['refunds'] };

/** A 32-bit hash of an operation's id: each operation's stream of cases depends on it and the seed only. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash | 0;
}

/**
 * Sends `runs` generated requests to every operation of the table, checks each answer and, for a
 * refused write, the database; returns the figures. Nothing throws on a violation: they are
 * collected, so one run reports every defect it met.
 */
export async function runHostile(
  world: World,
  options: {
    seed: number;
    runs: number;
    operations?: readonly Operation[];
    rejections: () => number;
    progress?: (operationId: string, done: number) => void;
    /** Called with every request and its answer (FUZZ_TRACE in the bench). */
    trace?: (request: string, status: number, answer: string) => void;
  },
): Promise<FuzzFigures> {
  const started = performance.now();
  const operations = options.operations ?? API_OPERATIONS;
  const statuses: Record<string, number> = {};
  const byOperation: Record<string, Record<string, number>> = {};
  const msByOperation: Record<string, number> = {};
  const found = new Map<string, { kind: ViolationKind; operationId: string; count: number; examples: Violation[] }>();
  const slowest: FuzzFigures['slowest'] = [];
  let requests = 0;
  let refusedWritesChecked = 0;
  const shape = prototypeShape();
  const record = (v: Violation) => {
    const key = `${v.kind} ${v.operationId}`;
    const entry = found.get(key) ?? { kind: v.kind, operationId: v.operationId, count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < 3) entry.examples.push(v);
    found.set(key, entry);
  };
  const hints = {
    ids: world.ids,
    dates: world.dates,
    chatSessions: world.chatSessions,
    calendarFeeds: world.calendarFeeds,
  };

  for (const op of operations) {
    const opStarted = performance.now();
    const cases = fc.sample(hostileRequests(op, hints), {
      seed: options.seed ^ hashOf(op.operationId),
      numRuns: options.runs,
    });
    for (const c of cases) {
      const writes = c.method !== 'GET';
      const mark = writes ? await world.mark() : undefined;
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(world, c);
      } catch (error) {
        record({
          kind: 'threw',
          operationId: op.operationId,
          status: 0,
          request: describeCase(c),
          replay: replayOf(c),
          detail: String(error),
        });
        continue;
      }
      requests += 1;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      const mine = byOperation[op.operationId] ?? {};
      byOperation[op.operationId] = mine;
      mine[answer.status] = (mine[answer.status] ?? 0) + 1;
      const request = describeCase(c);
      const replay = replayOf(c);
      options.trace?.(request, answer.status, answer.text);
      for (const [kind, detail] of answerProblems(answer.status, answer.headers, answer.text)) {
        record({ kind, operationId: op.operationId, status: answer.status, request, replay, detail });
      }
      if (mark !== undefined && answer.status >= 400) {
        refusedWritesChecked += 1;
        const kept = KEPT_WHEN_REFUSED[op.operationId] ?? [];
        const rows = (await world.changedSince(mark)).filter((row) => !kept.includes(row.split('#')[0] ?? ''));
        if (rows.length > 0) {
          record({
            kind: 'partial-write',
            operationId: op.operationId,
            status: answer.status,
            request,
            replay,
            detail: rows.join(', '),
          });
        }
      }
      if (prototypeShape() !== shape) {
        record({
          kind: 'polluted',
          operationId: op.operationId,
          status: answer.status,
          request,
          replay,
          detail: prototypeShape(),
        });
      }
      slowest.push({ operationId: op.operationId, ms: Math.round(answer.ms), request: request.slice(0, 300) });
      slowest.sort((a, b) => b.ms - a.ms).splice(5);
      await world.repair(c.caller, answer.headers.getSetCookie(), writes && answer.status < 300);
    }
    msByOperation[op.operationId] = Math.round(performance.now() - opStarted);
    options.progress?.(op.operationId, requests);
  }

  const statusesByClass: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const [status, n] of Object.entries(statuses)) {
    const cls = `${String(status)[0]}xx`;
    statusesByClass[cls] = (statusesByClass[cls] ?? 0) + n;
  }
  return {
    seed: options.seed,
    runsPerOperation: options.runs,
    operations: operations.length,
    requests,
    statusesByClass,
    statuses,
    byOperation,
    msByOperation,
    serverErrors: statusesByClass['5xx'] ?? 0,
    unhandledRejections: options.rejections(),
    refusedWritesChecked,
    violations: [...found.values()],
    slowest,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The short report both the test and the bench print. */
export function formatFigures(f: FuzzFigures): string {
  const lines = [
    `hostile input: ${f.requests} requests to ${f.operations} operations (${f.runsPerOperation} each, seed ${f.seed}) in ${(f.durationMs / 1000).toFixed(1)} s`,
    `  statuses by class: ${Object.entries(f.statusesByClass)
      .map(([cls, n]) => `${cls} ${n}`)
      .join(', ')}`,
    `  5xx seen: ${f.serverErrors}; unhandled rejections: ${f.unhandledRejections}; refused writes checked for partial writes: ${f.refusedWritesChecked}`,
    `  violations: ${f.violations.length === 0 ? 'none' : ''}`,
    ...f.violations.map(
      (v) =>
        `    ${v.kind} ${v.operationId} ×${v.count}: ${v.examples[0]?.request}\n      → ${v.examples[0]?.status} ${v.examples[0]?.detail}`,
    ),
    `  slowest: ${f.slowest.map((s) => `${s.operationId} ${s.ms} ms`).join(', ')}`,
  ];
  return lines.join('\n');
}
