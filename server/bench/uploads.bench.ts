/**
 * `npm run bench:uploads`: what pictures at the pixel cap do to everyone else (decision 045's
 * addendum). The built server (`server/dist/node.js` and its image worker, as `npm start` runs
 * them, embedded defaults, on 127.0.0.1) receives 10 document uploads at once, from 10 applicants:
 * half a PNG declaring the cap's 4096 × 4096 pixels (blank, so tens of KB on disk), half a JPEG of
 * 4096 × 4096 (4:4:4, the decoder's most work for the size). Meanwhile a probe asks `/api/health`
 * every 10 ms, as it did alone for 2 s before. Goal: health p99 under 50 ms while the uploads run.
 * Prints a short report and writes bench/results/uploads.json. Needs `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { MAX_SOURCE_PIXELS } from '../src/files/images';
import { SERVER_ROOT } from '../src/paths';
import { stopsWithUs } from '../targets/children';
import { freePort } from '../targets/targets';
import { percentile, runMain, stopServer, waitUntilAnswering, writeResult } from './harness';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const PROBE_EVERY_MS = 10;
const GOAL_P99_MS = 50;
/** The whole run stops by itself: no upload may take longer than this. */
const UPLOAD_TIMEOUT_MS = 120_000;
const SIDE = Math.sqrt(MAX_SOURCE_PIXELS);

type Json = Record<string, unknown>;

async function startProduct(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = stopsWithUs(
    spawn(process.execPath, [join(SERVER_ROOT, 'dist', 'node.js')], {
      cwd: join(SERVER_ROOT, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_CLEANERS: '40',
        SCHEDULED_JOBS: 'false',
        AUTH_RATE_LIMIT: '100000',
      },
      // The access log goes to a pipe read as fast as it comes, as a log collector would.
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  child.stdout?.on('data', () => {});
  const base = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${base}/api/ready`, child);
  return { base, child };
}

/** The pictures: a blank PNG and a JPEG with a photo's texture, both exactly at the cap. */
function pictures(): { png: Uint8Array; jpeg: Uint8Array } {
  const png = encodePng({ width: SIDE, height: SIDE, data: new Uint8Array(SIDE * SIDE * 3), channels: 3, depth: 8 });
  const rgba = new Uint8Array(SIDE * SIDE * 4);
  let seed = 7;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed / 0x7fffffff - 0.5) * 16;
      const shade = Math.sin(x / 97) * 40 + Math.cos(y / 131) * 40 + noise;
      const at = (y * SIDE + x) * 4;
      rgba[at] = 120 + shade;
      rgba[at + 1] = 110 + shade * 0.8;
      rgba[at + 2] = 100 + shade * 0.6;
      rgba[at + 3] = 255;
    }
  }
  return { png, jpeg: new Uint8Array(jpeg.encode({ width: SIDE, height: SIDE, data: rgba }, 85).data) };
}

/** A new account with an open application: its cookie and the application's id. */
async function applicant(base: string, i: number): Promise<{ cookie: string; applicationId: number }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email: `uploads-${i}-${Date.now()}@example.com`,
      password: 'bench-password-123',
      firstName: 'Bench',
      lastName: String(i),
    }),
  });
  const session = /spotless_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`register ${res.status}`);
  const cookie = `spotless_session=${session}`;
  const application = await fetch(`${base}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      bio: 'Ten years of careful, friendly home cleaning.',
      experience: '5-10',
      hourlyRate: 32.5,
      serviceTypes: ['residential'],
      coverageAreas: ['Austin, TX'],
      hasInsurance: true,
      hasBond: false,
      availability: { monday: { available: true, hours: '9:00-17:00' } },
      emergencyContact: { name: 'Sam Doe', phone: '(512) 555-0100', relationship: 'Sibling' },
      references: [{ name: 'Pat Lee', phone: '(512) 555-0101', email: 'pat@example.com', relationship: 'Employer' }],
    }),
  });
  const body = (await application.json()) as Json;
  if (application.status !== 201) throw new Error(`application ${application.status}: ${JSON.stringify(body)}`);
  return { cookie, applicationId: body.id as number };
}

async function upload(
  base: string,
  who: { cookie: string; applicationId: number },
  bytes: Uint8Array,
  name: string,
  type: string,
): Promise<{ status: number; code: string | null; ms: number }> {
  const form = new FormData();
  form.set('documentType', 'id');
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/applications/${who.applicationId}/documents`, {
      method: 'POST',
      headers: { origin: base, cookie: who.cookie },
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    return { status: res.status, code: body.error?.code ?? null, ms: performance.now() - started };
  } catch (error) {
    // No answer at all (a reset connection, or past the timeout): counted as status 0.
    return { status: 0, code: String((error as Error).cause ?? error), ms: performance.now() - started };
  }
}

/** Health's latencies until `until()`; a probe that fails (a reset connection) counts in `failed`. */
async function probe(base: string, until: () => boolean): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  while (!until()) {
    const started = performance.now();
    try {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - started);
      else failed += 1;
    } catch {
      failed += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return { times: times.sort((a, b) => a - b), failed };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const summary = ({ times, failed }: { times: number[]; failed: number }) => ({
  probes: times.length + failed,
  failed,
  p50: round(percentile(times, 50)),
  p99: round(percentile(times, 99)),
  max: round(times.at(-1) ?? 0),
});

async function main() {
  if (!existsSync(join(SERVER_ROOT, 'dist', 'node.js')) || !existsSync(join(SERVER_ROOT, 'dist', 'image-worker.js')))
    throw new Error('server/dist/node.js or image-worker.js is missing: run `npm run build` first');
  const files = pictures();
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-bench-uploads-'));
  const server = await startProduct(dataDir);
  try {
    const people = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => applicant(server.base, i)));
    // One small upload first, so the image thread has started before anything is measured.
    const warm = await upload(
      server.base,
      people[0]!,
      encodePng({ width: 8, height: 8, data: new Uint8Array(192), channels: 3, depth: 8 }),
      'warm.png',
      'image/png',
    );
    if (warm.status !== 201) throw new Error(`warm-up upload ${warm.status} ${warm.code}`);

    let baselineDone = false;
    const baselineRun = probe(server.base, () => baselineDone);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    baselineDone = true;
    const baseline = await baselineRun;

    let uploadsDone = false;
    const during = probe(server.base, () => uploadsDone);
    const started = performance.now();
    const outcomes = await Promise.all(
      people.map((who, i) =>
        i % 2 === 0
          ? upload(server.base, who, files.png, 'cap.png', 'image/png').then((o) => ({ ...o, file: 'png' }))
          : upload(server.base, who, files.jpeg, 'cap.jpg', 'image/jpeg').then((o) => ({ ...o, file: 'jpeg' })),
      ),
    );
    const totalMs = performance.now() - started;
    uploadsDone = true;
    const probes = await during;

    const byStatus: Record<string, number> = {};
    for (const outcome of outcomes) {
      const key = `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`;
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    }
    const accepted = outcomes
      .filter((o) => o.status === 201)
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    const health = summary(probes);
    const report = {
      when: new Date().toISOString(),
      server: 'server/dist/node.js (built), embedded defaults, 127.0.0.1',
      cores: (await import('node:os')).availableParallelism(),
      uploads: UPLOADS,
      files: {
        png: { width: SIDE, height: SIDE, bytes: files.png.byteLength },
        jpeg: { width: SIDE, height: SIDE, bytes: files.jpeg.byteLength, chroma: '4:4:4', quality: 85 },
      },
      totalMs: round(totalMs),
      outcomes: byStatus,
      acceptedUploadMs: accepted.length
        ? { fastest: round(accepted[0] as number), slowest: round(accepted.at(-1) as number) }
        : null,
      health: { idle: summary(baseline), duringUploads: health },
      goal: `/api/health p99 < ${GOAL_P99_MS} ms while ${UPLOADS} uploads at the pixel cap run`,
      goalMet:
        health.p99 < GOAL_P99_MS &&
        health.failed === 0 &&
        outcomes.every((o) => o.status > 0 && (o.status < 500 || o.status === 503)),
      allUploads: outcomes.map((o) => ({ file: o.file, status: o.status, code: o.code, ms: round(o.ms) })),
    };
    console.log(
      `${UPLOADS} uploads at the cap (${SIDE}×${SIDE}: PNG ${files.png.byteLength} B, JPEG ${files.jpeg.byteLength} B) at once, all answered in ${report.totalMs} ms: ${Object.entries(
        byStatus,
      )
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ')}`,
    );
    console.log(
      `/api/health meanwhile: p50 ${health.p50} ms, p99 ${health.p99} ms, max ${health.max} ms over ${health.probes} probes, ${health.failed} failed (idle: p50 ${report.health.idle.p50} ms, p99 ${report.health.idle.p99} ms) — goal p99 < ${GOAL_P99_MS} ms: ${report.goalMet ? 'met' : 'NOT met'}`,
    );
    writeResult('uploads', report);
  } finally {
    await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
