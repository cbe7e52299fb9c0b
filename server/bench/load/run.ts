/**
 * One timed run of the load bench: autocannon's connections send the workload's requests, and the
 * bench times each itself (autocannon sends one request at a time per connection, so the time from
 * `setupRequest` to `onResponse` is that request's). Before and after, the server's process reports
 * its event-loop delay, CPU time and memory (serve-child.ts, BENCH_PROCESS_STATS, SIGUSR2).
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon, { type RequestContext } from 'autocannon';
import { percentile } from '../harness';
import { KINDS, type Kind, perKind, SEARCH_KINDS } from './mix';
import type { Workload } from './workload';

export const CONNECTIONS = 50;
/** autocannon's own: an answer later than this counts as a timeout. */
const TIMEOUT_SECONDS = 10;
export const round1 = (n: number) => Math.round(n * 10) / 10;

type Memory = { rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number };
/** `STATS` lines the server prints on SIGUSR2 (serve-child.ts). */
export type ServerStats = {
  at: number;
  cpuMs: number;
  loop: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
  memory: Memory;
  memoryAfterGc: Memory;
  samples: Array<{ at: number } & Memory>;
};

/** Asks the server's process for its figures and waits for its `STATS` line. */
export function statsOf(child: ChildProcess): () => Promise<ServerStats> {
  let buffer = '';
  const waiting: Array<(stats: ServerStats) => void> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('STATS ')) waiting.shift()?.(JSON.parse(line.slice(6)) as ServerStats);
    }
  });
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not report its stats in 30 s')), 30_000);
      waiting.push((stats) => {
        clearTimeout(timer);
        resolve(stats);
      });
      child.kill('SIGUSR2');
    });
}

/** Latencies, statuses and refusal codes of one run, per kind. */
function tally() {
  return {
    latencies: perKind<number[]>(() => []),
    statuses: perKind<Record<string, number>>(() => ({})),
    codes: perKind<Record<string, number>>(() => ({})),
    sent: perKind(() => 0),
    inFlight: new Set<RequestContext>(),
  };
}

function figures(latencies: number[], sent: number, statuses: Record<string, number>, seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const non2xx = Object.entries(statuses).reduce((sum, [s, n]) => sum + (s.startsWith('2') ? 0 : n), 0);
  return {
    requests: sorted.length,
    requestsPerSecond: round1(sorted.length / seconds),
    p50Ms: round1(percentile(sorted, 50)),
    p99Ms: round1(percentile(sorted, 99)),
    maxMs: round1(sorted.at(-1) ?? 0),
    non2xx,
    unanswered: sent - sorted.length,
  };
}

const errorCode = (body: string) => {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '';
  } catch {
    return '';
  }
};

export async function run(
  label: string,
  seconds: number,
  { base, stats, load }: { base: string; stats: () => Promise<ServerStats>; load: Workload },
  overallRate?: number,
) {
  const own = tally();
  const before = await stats();
  const machine: number[] = [];
  const watch = setInterval(() => machine.push(loadavg()[0]!), 5_000);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        setupRequest: (request, context) => {
          const { kind, ...next } = load.request();
          Object.assign(request, { body: undefined }, next);
          own.sent[kind]++;
          context.kind = kind;
          context.started = performance.now();
          own.inFlight.add(context);
          return request;
        },
        onResponse: (status, body, context) => {
          const kind = context.kind as Kind;
          own.inFlight.delete(context);
          own.latencies[kind].push(performance.now() - (context.started as number));
          own.statuses[kind][status] = (own.statuses[kind][status] ?? 0) + 1;
          if (status >= 300) {
            const key = `${status} ${errorCode(body)}`.trim();
            own.codes[kind][key] = (own.codes[kind][key] ?? 0) + 1;
          }
        },
      },
    ],
  });
  const stoppedAt = performance.now();
  clearInterval(watch);
  const after = await stats();
  const elapsed = result.duration;
  const unanswered = perKind(() => ({ timedOut: 0, inFlightAtStop: 0 }));
  for (const context of own.inFlight) {
    const old = stoppedAt - (context.started as number) > TIMEOUT_SECONDS * 1000;
    unanswered[context.kind as Kind][old ? 'timedOut' : 'inFlightAtStop']++;
  }
  const kinds = Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      {
        ...figures(own.latencies[kind], own.sent[kind], own.statuses[kind], elapsed),
        statuses: own.statuses[kind],
        refusals: own.codes[kind],
        ...unanswered[kind],
      },
    ]),
  );
  const nonOkByStatus: Record<string, number> = {};
  const together = (some: Kind[]) => {
    const statuses: Record<string, number> = {};
    for (const kind of some) {
      for (const [s, n] of Object.entries(own.statuses[kind])) statuses[s] = (statuses[s] ?? 0) + n;
    }
    const sent = some.reduce((sum, kind) => sum + own.sent[kind], 0);
    return {
      statuses,
      ...figures(
        some.flatMap((kind) => own.latencies[kind]),
        sent,
        statuses,
        elapsed,
      ),
    };
  };
  const search = together(SEARCH_KINDS);
  // autocannon's own latencies are not used: under `overallRate` it adds made-up samples for
  // coordinated omission, at a 1 ms interval, which halved the soak's p50.
  const all = together(KINDS);
  for (const [s, n] of Object.entries(all.statuses)) if (!s.startsWith('2')) nonOkByStatus[s] = n;
  const report = {
    seconds: elapsed,
    connections: CONNECTIONS,
    overallRate: overallRate ?? null,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50Ms: all.p50Ms,
    p99Ms: all.p99Ms,
    maxMs: all.maxMs,
    non2xx: result.non2xx,
    nonOkByStatus,
    errors: result.errors,
    timeouts: result.timeouts,
    search,
    kinds,
    server: {
      eventLoopDelay: after.loop,
      // Cores' worth of CPU the server's process used: on a machine shared with other work, what it got.
      cpuCores: round1((after.cpuMs - before.cpuMs) / 1000 / elapsed),
    },
    machineLoadAverage: {
      mean: round1(machine.reduce((sum, l) => sum + l, 0) / Math.max(1, machine.length)),
      max: round1(Math.max(0, ...machine)),
    },
  };
  print(label, report);
  return { report, after };
}

type Report = Awaited<ReturnType<typeof run>>['report'];

function print(label: string, report: Report) {
  console.log(
    `${label.padEnd(10)} ${String(report.requestsPerSecond).padStart(7)} req/s  p50 ${report.p50Ms} ms  p99 ${report.p99Ms} ms  non-2xx ${report.non2xx} ${JSON.stringify(report.nonOkByStatus)}  errors ${report.errors}  timeouts ${report.timeouts}`,
  );
  for (const [kind, k] of [['search', report.search] as const, ...Object.entries(report.kinds)]) {
    console.log(
      `  ${kind.padEnd(10)} ${String(k.requestsPerSecond).padStart(7)} req/s  p50 ${k.p50Ms} ms  p99 ${k.p99Ms} ms  non-2xx ${k.non2xx}  unanswered ${k.unanswered}`,
    );
  }
  const l = report.server.eventLoopDelay;
  console.log(
    `  server: event-loop delay p50 ${l.p50Ms} ms, p99 ${l.p99Ms} ms, max ${l.maxMs} ms; ${report.server.cpuCores} cores of CPU; machine load average ${report.machineLoadAverage.mean} (max ${report.machineLoadAverage.max})`,
  );
}
