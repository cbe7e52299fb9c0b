/**
 * `npm run bench:backup`: `npm run backup` beside a server taking bookings, then `npm run restore`
 * into a fresh folder and a fresh server over it. 100,000 demo cleaners (BENCH_CLEANERS, or
 * BENCH_DATABASE: a seeded file, copied), 400 uploaded documents of 100 KB (BENCH_DOCUMENTS,
 * BENCH_DOCUMENT_KB), the real app in its own process with its files in a folder. Bookings are
 * sent at a fixed rate (BENCH_RATE a second, 10 connections), well below what the server can
 * take, so a write that waits shows as latency rather than as a queue: first for BENCH_BEFORE
 * seconds alone, then while the backup runs. The figures compare the writes before, during the
 * whole backup, and during its database snapshot (`VACUUM INTO`); then the restore's time and
 * what the fresh server finds: every booking there was when the backup started, every
 * document's bytes through the API, `PRAGMA integrity_check`. Writes bench/results/backup.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BackupManifest } from '../src/backup/backup-store';
import { migrateDatabase } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { MIGRATIONS_FOLDER, SERVER_ROOT } from '../src/paths';
import { seedDemoData } from '../src/seed/generate';
import { samplePdf } from '../src/test/sample-files';
import { stopsWithUs } from '../targets/children';
import { freeBookingBodies, runMain, startServer, stopServer, writeResult } from './harness';
import { bookAtRate, figures, holdWriteLock } from './write-load';

const CLEANERS = Number(process.env.BENCH_CLEANERS ?? 100_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 400);
const DOCUMENT_KB = Number(process.env.BENCH_DOCUMENT_KB ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const BEFORE_SECONDS = Number(process.env.BENCH_BEFORE ?? 10);
/** The load stops by itself after this long, backup finished or not. */
const MAX_DURING_SECONDS = 120;
const CONNECTIONS = 10;
/** How long the control holds the write lock: under the server's 2 s wait, so writes wait rather than fail. */
const CONTROL_LOCK_MS = 1_500;
const CUSTOMERS = 50;
const DOCUMENTS_PER_APPLICANT = 10;
const LIMITS = {
  BOOKING_RATE_LIMIT: '100000',
  MAX_UNPAID_BOOKINGS: '100000',
  AUTH_RATE_LIMIT: '100000',
  UPLOAD_RATE_LIMIT: '100000',
};
const ROOT = join(SERVER_ROOT, '..');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function call(base: string, path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { origin: base };
  if (init.cookie) headers.cookie = init.cookie;
  let body: FormData | string | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const send = () => fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body });
  // A kept-alive connection the server closes just as a request goes out: sent again, once.
  return send().catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    console.warn(`${path}: the connection was closed under the request; sending it again`);
    return send();
  });
}

async function register(base: string, name: string): Promise<string> {
  const res = await call(base, '/api/auth/register', {
    method: 'POST',
    body: {
      email: `${name}-${Date.now()}@example.com`,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: name,
    },
  });
  const session = /spotless_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`register ${res.status}`);
  return `spotless_session=${session}`;
}

interface Document {
  id: number;
  cookie: string;
  digest: string;
}

/** Applicants with their applications and uploaded PDFs, through the API. */
async function uploadDocuments(base: string): Promise<{ documents: Document[]; bytes: number }> {
  const documents: Document[] = [];
  let bytes = 0;
  for (let a = 0; documents.length < DOCUMENTS; a++) {
    const cookie = await register(base, `applicant-${a}`);
    const application = await call(base, '/api/applications', {
      method: 'POST',
      cookie,
      body: {
        bio: 'Careful, friendly cleaning.',
        experience: '5-10',
        hourlyRate: 30,
        serviceTypes: ['residential'],
        coverageAreas: ['Austin, TX'],
      },
    });
    const { id } = (await application.json()) as { id: number };
    for (let d = 0; d < DOCUMENTS_PER_APPLICANT && documents.length < DOCUMENTS; d++) {
      const pdf = samplePdf(`Applicant ${a} document ${d}`, { size: DOCUMENT_KB * 1024 });
      const form = new FormData();
      form.set('documentType', 'insurance');
      form.set('file', new File([pdf], `insurance-${d}.pdf`, { type: 'application/pdf' }));
      const res = await call(base, `/api/applications/${id}/documents`, { method: 'POST', cookie, body: form });
      if (res.status !== 201) throw new Error(`upload ${res.status}: ${await res.text()}`);
      documents.push({ id: ((await res.json()) as { id: number }).id, cookie, digest: sha256(pdf) });
      bytes += pdf.byteLength;
    }
  }
  return { documents, bytes };
}

/** `npm run <script> -- <args>` from the repository's root, as an operator types it. */
async function npm(args: string[], env: Record<string, string>) {
  const started = performance.now();
  const child: ChildProcess = stopsWithUs(
    spawn('npm', ['run', '--silent', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out: out.trim(), seconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-bench-backup-'));
  const dataDir = join(dir, 'data');
  const file = join(dataDir, 'spotless.db');
  mkdirSync(dataDir, { recursive: true });
  const servers: ChildProcess[] = [];
  try {
    let seedSeconds: number | null = null;
    if (process.env.BENCH_DATABASE) copyFileSync(process.env.BENCH_DATABASE, file);
    const seeding = await openDatabase(`file:${file}`);
    await migrateDatabase(seeding, MIGRATIONS_FOLDER);
    if (!process.env.BENCH_DATABASE) {
      const started = performance.now();
      await seedDemoData(seeding, { cleaners: CLEANERS, now: new Date(), demoAccounts: false, seed: 1 });
      seedSeconds = Math.round((performance.now() - started) / 100) / 10;
      console.log(`Seeded ${CLEANERS.toLocaleString('en-US')} cleaners in ${seedSeconds} s`);
    }
    await seeding.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    seeding.close();

    const server = await startServer(`file:${file}`, true, LIMITS, { BENCH_FILES_DIR: join(dataDir, 'files') });
    servers.push(server.child);
    const cookies = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => register(server.base, `customer-${i}`)),
    );
    const uploaded = await uploadDocuments(server.base);
    console.log(`Uploaded ${uploaded.documents.length} documents (${(uploaded.bytes / 1_048_576).toFixed(1)} MB)`);
    const bodies = await freeBookingBodies(
      server.base,
      cookies[0]!,
      RATE * (BEFORE_SECONDS + MAX_DURING_SECONDS + 5),
      400,
    );

    // One run of bookings: alone first, then with the backup started beside it.
    const load = bookAtRate(server.base, bodies, cookies, {
      rate: RATE,
      connections: CONNECTIONS,
      seconds: BEFORE_SECONDS + MAX_DURING_SECONDS,
    });
    const loadStarted = Date.now();
    await new Promise((resolve) => setTimeout(resolve, BEFORE_SECONDS * 1000));
    const counting = await openDatabase(`file:${file}`);
    const at = (await counting.client.execute('select count(*) as n, max(id) as last from bookings')).rows[0]!;
    counting.close();
    const backupDir = join(dir, 'backup');
    console.log(`Backing up while bookings arrive at ${RATE}/s …`);
    const spawnedAt = Date.now();
    const backup = await npm(['backup', '--', '--to', backupDir], { DATA_DIR: dataDir });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The control: what the same figures show when another process does hold the write lock.
    const control = await holdWriteLock(file, CONTROL_LOCK_MS);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    load.stop();
    await load.done;
    if (backup.code !== 0) throw new Error(`backup failed: ${backup.out}`);
    console.log(backup.out);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    const backupFrom = Date.parse(manifest.startedAt);
    const backupTo = Date.parse(manifest.finishedAt);
    const snapshotFrom = Date.parse(manifest.snapshotAt);
    const writes = {
      before: figures(load.answers, load.errors, loadStarted + 2000, spawnedAt),
      duringBackup: figures(load.answers, load.errors, backupFrom, backupTo),
      duringSnapshot: figures(load.answers, load.errors, snapshotFrom, snapshotFrom + manifest.seconds.database * 1000),
      controlWriteLockHeld: figures(load.answers, load.errors, control.from, control.to),
    };
    // Second by second from just before the backup to just after: where a wait would show.
    const timeline = [];
    for (let t = backupFrom - 2000; t < backupTo + 2000; t += 1000) {
      const f = figures(load.answers, load.errors, t, t + 1000);
      timeline.push({
        second: Math.round((t - backupFrom) / 1000),
        p50Ms: f.p50Ms,
        p99Ms: f.p99Ms,
        answered: f.answeredPerSecond,
        non2xx: f.non2xx,
      });
    }
    const phases = {
      filesUntil: Math.round(manifest.seconds.files * 10) / 10,
      snapshot: [(snapshotFrom - backupFrom) / 1000, (snapshotFrom - backupFrom) / 1000 + manifest.seconds.database],
      syncSeconds: manifest.seconds.sync,
      checkSeconds: manifest.seconds.check,
    };
    for (const [name, f] of Object.entries(writes)) {
      console.log(
        `${name.padEnd(21)} ${String(f.requests).padStart(5)} bookings in flight over ${f.seconds} s (${f.answeredPerSecond} answered/s)  p50 ${f.p50Ms} ms  p99 ${f.p99Ms} ms  max ${f.maxMs} ms  non-2xx ${f.non2xx}  errors ${f.errors}`,
      );
    }

    // The restore refuses while a server has the database open; into a fresh folder it goes.
    const refused = await npm(['restore', '--', backupDir], { DATA_DIR: dataDir });
    await stopServer(server.child);
    const restoredDir = join(dir, 'restored');
    const restore = await npm(['restore', '--', backupDir], { DATA_DIR: restoredDir });
    if (restore.code !== 0) throw new Error(`restore failed: ${restore.out}`);
    console.log(`Restored in ${restore.seconds} s (the command, with npm's and tsx's start)`);

    const fresh = await startServer(`file:${join(restoredDir, 'spotless.db')}`, true, LIMITS, {
      BENCH_FILES_DIR: join(restoredDir, 'files'),
    });
    servers.push(fresh.child);
    fresh.child.once('exit', (code, signal) => console.warn(`the restored server stopped: ${code ?? signal}`));
    const verifyStarted = performance.now();
    let documentsRead = 0;
    const documentFailures: number[] = [];
    for (const document of uploaded.documents) {
      const res = await call(fresh.base, `/api/documents/${document.id}/file`, { cookie: document.cookie });
      const ok = res.status === 200 && sha256(new Uint8Array(await res.arrayBuffer())) === document.digest;
      if (ok) documentsRead += 1;
      else documentFailures.push(document.id);
    }
    const restoredDb = await openDatabase(`file:${join(restoredDir, 'spotless.db')}`);
    const found = (
      await restoredDb.client.execute({
        sql: 'select count(*) as n from bookings where id <= ?',
        args: [Number(at.last)],
      })
    ).rows[0]!;
    const integrityStarted = performance.now();
    const integrity = String((await restoredDb.client.execute('PRAGMA integrity_check')).rows[0]?.integrity_check);
    const integritySeconds = Math.round((performance.now() - integrityStarted) / 100) / 10;
    restoredDb.close();
    const ready = (await call(fresh.base, '/api/ready')).status;
    await stopServer(fresh.child);
    const verification = {
      ready,
      bookingsAtBackupStart: Number(at.n),
      bookingsFound: Number(found.n),
      documents: uploaded.documents.length,
      documentsReadBack: documentsRead,
      documentFailures: documentFailures.slice(0, 10),
      integrityCheck: integrity,
      integritySeconds,
      seconds: Math.round((performance.now() - verifyStarted) / 100) / 10,
    };
    const verified =
      ready === 200 &&
      verification.bookingsFound === verification.bookingsAtBackupStart &&
      documentsRead === uploaded.documents.length &&
      integrity === 'ok';
    console.log(`Verified: ${verified} ${JSON.stringify(verification)}`);

    writeResult('backup', {
      when: new Date().toISOString(),
      cleaners: process.env.BENCH_DATABASE ? `BENCH_DATABASE ${process.env.BENCH_DATABASE}` : CLEANERS,
      seedSeconds,
      documents: { count: uploaded.documents.length, bytes: uploaded.bytes },
      load: { ratePerSecond: RATE, connections: CONNECTIONS },
      backup: {
        commandSeconds: backup.seconds,
        seconds: manifest.seconds,
        databaseBytes: manifest.database.bytes,
        files: manifest.files.count,
        filesBytes: manifest.files.bytes,
        snapshots: manifest.snapshots,
        rows: { bookings: manifest.database.rows.bookings, cleaners: manifest.database.rows.cleaners },
      },
      writes,
      timeline: { phases, seconds: timeline },
      restore: {
        refusedWhileServing: refused.code !== 0 && refused.out.includes('in use'),
        commandSeconds: restore.seconds,
        verification,
      },
      goals: {
        'no write refused or failed while the backup ran': {
          met: writes.duringBackup.non2xx === 0 && writes.duringBackup.errors === 0,
        },
        'the restored server finds everything there was at the backup': { met: verified },
      },
    });
  } finally {
    for (const child of servers) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

runMain(main);
