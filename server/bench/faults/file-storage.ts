/**
 * Fault (f): file storage fails. The server keeps uploads under DATA_DIR/files; the bench puts a
 * plain file where that folder was (every read and write under it fails, ENOTDIR, whoever the
 * process runs as) while applicants upload and download documents and customers search and book.
 * Uploads and downloads must answer 503 JSON with Retry-After, everything else must go on, and
 * nothing may be stored for a refused upload; with the folder back, files work again.
 */
import { mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/open';
import { dataUrl, MINIMAL_APPLICATION } from '../../src/test/application-fixtures';
import { samplePdf } from '../../src/test/sample-files';
import {
  type Answer,
  bookingBodies,
  call,
  countBy,
  type Json,
  registerCustomers,
  type ServerChild,
  sleep,
  spread,
  startServer,
  stopServer,
} from './common';

const FAILING_MS = 5_000;
const WORKERS = 4;

type Kind = 'upload' | 'download' | 'search' | 'booking';

export async function fileStorageFailing(): Promise<Json> {
  const dataDir = mkdtempSync(join(tmpdir(), 'spotless-fault-files-'));
  let server: ServerChild | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_CLEANERS: '40', SCHEDULED_JOBS: 'false' });
    const { base } = server;
    const cookies = await registerCustomers(base, 6, 'files');
    const bodies = await bookingBodies(base, cookies[0] as string, 400);
    const pdf = dataUrl(samplePdf('Spotless file fault'), 'application/pdf');
    const applications: Array<{ cookie: string; path: string }> = [];
    for (const cookie of cookies.slice(0, 3)) {
      const res = await call(base, 'POST', '/api/applications', {
        headers: { cookie },
        body: MINIMAL_APPLICATION,
      });
      if (res.status !== 201) throw new Error(`application ${res.status} ${res.code}`);
      applications.push({ cookie, path: `/api/applications/${res.body?.id}/documents` });
    }
    const upload = (i: number) => {
      const application = applications[i % applications.length] as { cookie: string; path: string };
      return call(base, 'POST', application.path, {
        headers: { cookie: application.cookie },
        body: { documentType: 'id', fileName: `id-${i}.pdf`, fileUrl: pdf },
      });
    };
    const stored = await upload(0);
    if (stored.status !== 201) throw new Error(`first upload ${stored.status} ${stored.code}`);
    const download = () =>
      call(base, 'GET', String(stored.body?.fileUrl), { headers: { cookie: applications[0]?.cookie as string } });
    const before = { upload: stored.status, download: (await download()).status };
    const documentsBefore = await countDocuments(dataDir);

    // The folder goes; a plain file takes its place.
    const files = join(dataDir, 'files');
    renameSync(files, `${files}.away`);
    writeFileSync(files, 'not a folder');
    const records: Array<Answer & { kind: Kind }> = [];
    let running = true;
    let n = 0;
    let booking = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (running) {
          const i = n++;
          const kind: Kind = (['upload', 'download', 'search', 'booking'] as const)[i % 4] as Kind;
          let answer: Answer;
          if (kind === 'upload') answer = await upload(i);
          else if (kind === 'download') answer = await download();
          else if (kind === 'search')
            answer = await call(base, 'GET', `/api/cleaners?location=Austin&page=${1 + (i % 3)}`);
          else {
            const b = booking++;
            answer = await call(base, 'POST', '/api/bookings', {
              body: bodies[b],
              headers: { cookie: cookies[b % cookies.length] as string },
            });
          }
          records.push({ ...answer, kind });
          if (performance.now() - started > FAILING_MS) running = false;
          await sleep(20);
        }
      }),
    );
    const documentsWhileFailing = (await countDocuments(dataDir)) - documentsBefore;

    // The folder comes back.
    rmSync(files);
    renameSync(`${files}.away`, files);
    const after = { upload: (await upload(n + 1)).status, download: (await download()).status };
    await stopServer(server);
    const partsLeft = readdirSync(files, { recursive: true }).filter((f) => String(f).endsWith('.part')).length;

    const of = (kind: Kind) => records.filter((r) => r.kind === kind);
    const fileAnswers = [...of('upload'), ...of('download')];
    const proper = (r: Answer) =>
      r.status === 503 && r.json && r.code === 'storage_unavailable' && r.retryAfter !== null;
    const report = {
      failingMs: FAILING_MS,
      before,
      whileFailing: {
        uploads: countBy(of('upload'), (r) => `${r.status} ${r.code ?? ''}`.trim()),
        downloads: countBy(of('download'), (r) => `${r.status} ${r.code ?? ''}`.trim()),
        searches: countBy(of('search'), (r) => r.status),
        bookings: countBy(of('booking'), (r) => r.status),
        fileAnswerMs: spread(fileAnswers.map((r) => r.ms)),
        otherAnswerMs: spread([...of('search'), ...of('booking')].map((r) => r.ms)),
        retryAfter: countBy(fileAnswers, (r) => r.retryAfter ?? 'none'),
        documentsStored: documentsWhileFailing,
      },
      after,
      partialFilesLeft: partsLeft,
    };
    const goals = {
      filesAnswer503Json: fileAnswers.length > 0 && fileAnswers.every(proper),
      everythingElseWorks: of('search').every((r) => r.status === 200) && of('booking').every((r) => r.status === 201),
      nothingStoredForRefusedUploads: documentsWhileFailing === 0 && partsLeft === 0,
      filesWorkAgainAfter: after.upload === 201 && after.download === 200,
    };
    console.log(
      `(f) file storage failing ${FAILING_MS} ms: uploads ${JSON.stringify(report.whileFailing.uploads)}, downloads ${JSON.stringify(report.whileFailing.downloads)}, ` +
        `searches ${JSON.stringify(report.whileFailing.searches)}, bookings ${JSON.stringify(report.whileFailing.bookings)}; ` +
        `file answers p99 ${report.whileFailing.fileAnswerMs.p99} ms; after: upload ${after.upload}, download ${after.download}`,
    );
    return { ...report, goals };
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function countDocuments(dataDir: string): Promise<number> {
  const database = await openDatabase(`file:${join(dataDir, 'spotless.db')}`);
  try {
    const row = (await database.client.execute('select count(*) as n from application_documents')).rows[0];
    return Number(row?.n ?? 0);
  } finally {
    database.close();
  }
}
