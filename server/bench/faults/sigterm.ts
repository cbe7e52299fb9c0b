/**
 * Fault (c): a deploy's SIGTERM at a busy moment, on the embedded libSQL file. In flight when the
 * signal comes: slow uploads (bodies still arriving), a burst of bookings, a burst of sign-ins
 * (each a scrypt hash), connections kept alive and idle, and, in the first run, the minute's
 * scheduled jobs (200 unpaid bookings made to expire, by the test clock, and the e-mails of the
 * outbox). The server must answer what is in flight, let the connections go, refuse new ones,
 * stop its jobs between their transactions, leave nothing half written, and be gone within 5 s.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open';
import { MINIMAL_APPLICATION } from '../../src/test/application-fixtures';
import { samplePdf } from '../../src/test/sample-files';
import {
  type Answer,
  bookingBodies,
  call,
  countBy,
  type Json,
  registerCustomers,
  round,
  type ServerChild,
  sleep,
  startServer,
} from './common';

const EXPIRING = 200;
const BURST_BOOKINGS = 20;
const BURST_SIGN_INS = 20;
const UPLOADS = 3;
const UPLOAD_SECONDS = 2.5;
const IDLE_CONNECTIONS = 3;
const DEADLINE_MS = 5_000;

/** A raw connection: what it received, and when the server closed it. */
function rawConnection(port: number): { socket: Socket; received: () => string; closedAt: Promise<number> } {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.on('data', (chunk) => {
    data += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  return { socket, received: () => data, closedAt };
}

/** An applicant with an open application: the cookie and where its documents go. */
async function applicant(base: string, cookie: string): Promise<string> {
  const res = await call(base, 'POST', '/api/applications', {
    headers: { cookie },
    body: MINIMAL_APPLICATION,
  });
  if (res.status !== 201) throw new Error(`application ${res.status} ${res.code}`);
  return `/api/applications/${res.body?.id}/documents`;
}

/** A multipart upload whose body arrives over `seconds`, on a kept-alive connection. */
function slowUpload(port: number, path: string, cookie: string, seconds: number) {
  const boundary = 'faultboundary';
  const pdf = Buffer.from(samplePdf('Spotless fault bench', { size: 200_000 }));
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nid\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const connection = rawConnection(port);
  connection.socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      'Connection: keep-alive',
      '',
      '',
    ].join('\r\n'),
  );
  const pieces = 25;
  const size = Math.ceil(body.length / pieces);
  const sending = (async () => {
    for (let i = 0; i < pieces; i++) {
      if (connection.socket.destroyed) return;
      connection.socket.write(body.subarray(i * size, (i + 1) * size));
      await sleep((seconds * 1000) / pieces);
    }
  })();
  return { ...connection, sending };
}

interface RunOptions {
  /** Signal right after a minute begins, while that minute's jobs run. */
  duringJobs: boolean;
}

async function oneDeploy(options: RunOptions): Promise<Json> {
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-fault-term-'));
  const clockFile = join(dataDir, 'clock-offset');
  writeFileSync(clockFile, '0');
  let server: ServerChild | undefined;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_CLEANERS: '40',
      SCHEDULED_JOBS: 'true',
      TEST_CLOCK_FILE: clockFile,
      LOG_LEVEL: 'debug',
    });
    const { base, port } = server;
    const cookies = await registerCustomers(base, 10, 'term');
    const bodies = await bookingBodies(base, cookies[0] as string, EXPIRING + BURST_BOOKINGS);
    if (options.duringJobs) {
      // Unpaid bookings that the clock then makes 31 minutes old: the next minute's job expires them.
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < EXPIRING) {
            const i = next++;
            const res = await call(base, 'POST', '/api/bookings', {
              body: bodies[i],
              headers: { cookie: cookies[i % cookies.length] as string },
            });
            if (res.status !== 201) throw new Error(`booking ${res.status} ${res.code}`);
          }
        }),
      );
      writeFileSync(clockFile, String(31 * 60_000));
    }
    const uploadPaths = await Promise.all(
      Array.from({ length: UPLOADS }, (_, i) => applicant(base, cookies[i % cookies.length] as string)),
    );

    if (options.duringJobs) {
      // The jobs run at second 0 of each minute: be in flight just before it.
      const msToMinute = 60_000 - (Date.now() % 60_000);
      const startBy = msToMinute - 1_200;
      await sleep(startBy > 0 ? startBy : startBy + 60_000);
    }

    // Connections a browser or a proxy keeps after a request.
    const idle = Array.from({ length: IDLE_CONNECTIONS }, () => rawConnection(port));
    for (const c of idle)
      c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    while (!idle.every((c) => c.received().includes('\r\n\r\n'))) await sleep(10);
    const uploads = uploadPaths.map((path, i) => slowUpload(port, path, cookies[i] as string, UPLOAD_SECONDS));
    await sleep(1_000);
    const bookingsInFlight: Array<Promise<Answer>> = [];
    for (let i = 0; i < BURST_BOOKINGS; i++) {
      bookingsInFlight.push(
        call(base, 'POST', '/api/bookings', {
          body: bodies[EXPIRING + i],
          headers: { cookie: cookies[i % cookies.length] as string },
          timeoutMs: 15_000,
        }),
      );
    }
    const signIns: Array<Promise<Answer>> = [];
    for (let i = 0; i < BURST_SIGN_INS; i++) {
      signIns.push(
        call(base, 'POST', '/api/auth/login', {
          body: { email: `nobody-${i}@example.com`, password: 'not-the-password' },
          timeoutMs: 15_000,
        }),
      );
    }
    if (options.duringJobs) {
      while (Date.now() % 60_000 > 30_000) await sleep(5);
      await sleep(50);
    } else {
      await sleep(100);
    }

    const signalledAt = performance.now();
    const signalledWall = Date.now();
    server.child.kill('SIGTERM');
    // New connections, every 25 ms, until one is refused: when the port closed.
    const attempt = () =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    let refused = 'accepted';
    let portClosedAt = Number.NaN;
    const child = server.child;
    while (child.exitCode === null && child.signalCode === null) {
      refused = await attempt();
      if (refused !== 'accepted') {
        portClosedAt = performance.now();
        break;
      }
      await sleep(25);
    }
    const idleClosed = await Promise.all(idle.map((c) => c.closedAt));
    const exit = await server.exited;
    const [bookingAnswers, signInAnswers] = await Promise.all([Promise.all(bookingsInFlight), Promise.all(signIns)]);
    await Promise.all(uploads.map((u) => u.sending));
    await Promise.all(uploads.map((u) => u.closedAt));
    const uploadAnswers = uploads.map((u) => {
      const text = u.received();
      const status = /^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 'cut';
      return { status, connectionClose: /\r\nconnection: close\r\n/i.test(text) };
    });

    // The log: the jobs that finished after the signal, and the server's own word on its stop.
    const lines = server.lines();
    const after = lines.filter((l) => Date.parse(String(l.time)) >= signalledWall);
    const jobLines = after.filter((l) => l.message === 'job finished' || l.message === 'job failed');
    const stopped = after.find((l) => String(l.message).startsWith('stopped'));

    // The file: what the jobs and the requests left.
    const database = await openDatabase(`file:${join(dataDir, 'spotless.db')}`);
    const one = async (sql: string) => Number(Object.values((await database.client.execute(sql)).rows[0] ?? {})[0]);
    const integrity = String(Object.values((await database.client.execute('pragma integrity_check')).rows[0] ?? {})[0]);
    const expired = await one(`select count(*) from bookings where cancel_reason = 'Not paid in time'`);
    const expiredHistory = await one(
      `select count(*) from booking_status_history where note = 'expired: not paid in time' and to_status = 'cancelled'`,
    );
    const expiredNotices = await one(`
      select count(*) from notifications n join bookings b on b.id = json_extract(n.payload, '$.bookingId')
      where n.type = 'booking_cancelled' and b.cancel_reason = 'Not paid in time'`);
    const sentIds = (await database.client.execute(`select id from notifications where status = 'sent'`)).rows.map(
      (r) => Number(r.id),
    );
    const acknowledgedBookings = bookingAnswers.filter((a) => a.status === 201).map((a) => Number(a.body?.id));
    const storedAcknowledged =
      acknowledgedBookings.length === 0
        ? 0
        : await one(`select count(*) from bookings where id in (${acknowledgedBookings.join(',')})`);
    const documents = await one('select count(*) from application_documents');
    database.close();
    let outboxFiles: string[] = [];
    try {
      outboxFiles = readdirSync(join(dataDir, 'outbox'));
    } catch {
      // no e-mail sent yet
    }
    const filed = new Set(outboxFiles.map((name) => Number(/-(\d+)-[a-z_]+\.txt$/.exec(name)?.[1])));
    const sentWithoutFile = sentIds.filter((id) => !filed.has(id)).length;
    const filedNotMarkedSent = [...filed].filter((id) => !sentIds.includes(id)).length;
    const partsLeft = (() => {
      try {
        return readdirSync(join(dataDir, 'files'), { recursive: true }).filter((f) => String(f).endsWith('.part'))
          .length;
      } catch {
        return 0;
      }
    })();

    const exitMs = round(exit.at - signalledAt);
    return {
      duringJobs: options.duringJobs,
      exitMs,
      exitCode: exit.code,
      idleConnectionsClosedMs: round(Math.max(...idleClosed) - signalledAt),
      newConnection: refused,
      portClosedMs: Number.isNaN(portClosedAt) ? null : round(portClosedAt - signalledAt),
      inFlight: {
        uploads: countBy(uploadAnswers, (u) => `${u.status}${u.connectionClose ? ' connection: close' : ''}`),
        bookings: countBy(bookingAnswers, (a) => `${a.status}${a.code ? ` ${a.code}` : ''}`),
        signIns: countBy(signInAnswers, (a) => `${a.status}${a.code ? ` ${a.code}` : ''}`),
        signInsEndedMsAfterSignal: signInAnswers.map((a) => round(a.sentAt + a.ms - signalledAt)),
      },
      jobsFinishingAfterSignal: jobLines.map((l) => ({
        job: l.job,
        message: l.message,
        msAfterSignal: Date.parse(String(l.time)) - signalledWall,
      })),
      serverSaid: stopped ? { message: stopped.message, ms: stopped.ms, answersCut: stopped.answersCut ?? 0 } : null,
      afterwards: {
        integrity,
        expiredBookings: expired,
        expiredHistoryRows: expiredHistory,
        expiredNotifications: expiredNotices,
        acknowledgedBookingsStored: `${storedAcknowledged} of ${acknowledgedBookings.length}`,
        documentsStored: documents,
        partialFilesLeft: partsLeft,
        emailsSentWithoutFile: sentWithoutFile,
        emailsWrittenNotMarkedSent: filedNotMarkedSent,
      },
      consistent:
        integrity === 'ok' &&
        expiredHistory === expired &&
        expiredNotices === expired * 2 &&
        storedAcknowledged === acknowledgedBookings.length &&
        partsLeft === 0 &&
        sentWithoutFile === 0 &&
        filedNotMarkedSent === 0,
      withinDeadline: exitMs <= DEADLINE_MS,
    };
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function deployStop(): Promise<Json> {
  const runs = [await oneDeploy({ duringJobs: true }), await oneDeploy({ duringJobs: false })];
  for (const run of runs) {
    console.log(
      `(c) SIGTERM${run.duringJobs ? ' during the minute’s jobs' : ''}: exit ${run.exitCode} after ${run.exitMs} ms; ` +
        `idle connections closed in ${run.idleConnectionsClosedMs} ms; new connections ${run.newConnection} from ${run.portClosedMs} ms; ` +
        `in flight ${JSON.stringify(run.inFlight)}; consistent ${run.consistent}`,
    );
  }
  const goals = {
    exitWithin5s: runs.every((r) => r.withinDeadline === true),
    newConnectionsRefused: runs.every((r) => r.newConnection === 'ECONNREFUSED'),
    nothingHalfWritten: runs.every((r) => r.consistent === true),
    uploadsInFlightAnswered: runs.every((r) => {
      const uploads = (r.inFlight as { uploads: Record<string, number> }).uploads;
      return (uploads['201 connection: close'] ?? 0) === UPLOADS;
    }),
  };
  return { runs, goals };
}
