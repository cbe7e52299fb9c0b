import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Client } from '@libsql/client';
import {
  type BackupManifest,
  BackupRefusal,
  connect,
  copyKey,
  DATABASE_FILE,
  FILES_FOLDER,
  integrityCheck,
  listFiles,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  migrationLevel,
  referencedKeys,
  rowCounts,
  sha256Of,
  syncPath,
} from './backup-store';

export interface BackupOptions {
  /** The live embedded database file. */
  databaseFile: string;
  /** The live folder of stored files (`data/files`); it may not exist yet. */
  filesDir: string;
  /** The backup folder: created, or an empty one. */
  to: string;
  now?: () => Date;
  log?: (line: string) => void;
  /**
   * Run between the steps (tests use them to write and delete exactly there): after the first
   * copy of the files, and after each database snapshot.
   */
  hooks?: { afterFilesCopied?(): Promise<void>; afterSnapshot?(snapshot: number): Promise<void> };
}

/** A database snapshot whose files are not all in hand is taken again, at most this often in all. */
const MAX_SNAPSHOTS = 3;

/**
 * A consistent online copy of the embedded database and its stored files, taken beside a running
 * server (decision 044 is why it must never hold the write lock). Meant for a process of its own
 * (`npm run backup`): libSQL runs a local file's statements synchronously, so the snapshot
 * would stop any server sharing its event loop.
 *
 * 1. **Files, first pass:** every stored file is copied. A file is written before the row that
 *    names it and deleted after the row that named it (decision 038), so a file the snapshot
 *    will name was either copied now or is added in step 3; one deleted after the snapshot is
 *    already safe here.
 * 2. **Database:** `VACUUM INTO` on a connection of this process. Under WAL it reads one snapshot,
 *    in a read transaction: the server's writers never wait for it, and what it writes is a
 *    compact, self-contained file (no `-wal` beside it).
 * 3. **Files, second pass:** each key the snapshot names that step 1 missed (uploaded meanwhile) is
 *    copied. One that is gone already was uploaded and deleted again while steps 1–3 ran: its
 *    row is gone from the database too, so a new snapshot is taken and step 3 repeated. A key
 *    whose row is still live but whose file is not is missing from the source itself; the
 *    manifest lists it.
 * 4. The copy is checked (integrity, rows per table, migration level) and the manifest written.
 *
 * The first pass is what makes a retaken snapshot rare: without it, every file deleted while the
 * named files were being copied would cost one. Files no row names are kept too: a backup never
 * drops bytes a later version might miss.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupManifest> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const startedAt = now().toISOString();
  if (!existsSync(options.databaseFile)) {
    throw new BackupRefusal(`There is no database at ${options.databaseFile}.`);
  }
  if (`${resolve(options.to)}${sep}`.startsWith(`${resolve(options.filesDir)}${sep}`)) {
    throw new BackupRefusal(`${options.to} is inside the files folder it would copy; choose a folder outside it.`);
  }
  await prepareTarget(options.to);
  const filesTo = join(options.to, FILES_FOLDER);
  await mkdir(filesTo, { recursive: true });
  const databaseTo = join(options.to, DATABASE_FILE);

  const copied = new Set<string>();
  for (const key of (await listFiles(options.filesDir)).keys()) {
    if (await copyKey(options.filesDir, filesTo, key)) copied.add(key);
  }
  const filesSeconds = (performance.now() - started) / 1000;
  log(`Copied ${copied.size} files.`);
  await options.hooks?.afterFilesCopied?.();

  const live = connect(options.databaseFile);
  let snapshots = 0;
  let snapshotAt = '';
  let databaseSeconds = 0;
  let missing: string[] = [];
  try {
    // This process has nothing else to do: it may wait for a moment's lock (WAL recovery, a
    // checkpoint restarting the log) rather than fail.
    await live.execute('PRAGMA busy_timeout = 10000');
    for (;;) {
      snapshots += 1;
      await rm(databaseTo, { force: true });
      snapshotAt = now().toISOString();
      const snapshotStarted = performance.now();
      await live.execute({ sql: 'VACUUM INTO ?', args: [databaseTo] });
      databaseSeconds += (performance.now() - snapshotStarted) / 1000;
      await options.hooks?.afterSnapshot?.(snapshots);
      missing = await copyNamedFiles(databaseTo, options.filesDir, filesTo, copied);
      if (missing.length === 0 || snapshots >= MAX_SNAPSHOTS) break;
      // Still named by the live database: lost before this backup, and no new snapshot finds it.
      if (await allStillNamed(live, missing)) break;
      log(`${missing.length} named files were deleted while they were copied; taking the snapshot again.`);
    }
  } finally {
    live.close();
  }
  const syncStarted = performance.now();
  await syncPath(databaseTo);
  const syncSeconds = (performance.now() - syncStarted) / 1000;
  log(`Database snapshot taken in ${databaseSeconds.toFixed(1)} s.`);

  const checkStarted = performance.now();
  const copy = connect(databaseTo);
  let database: BackupManifest['database'];
  let referenced: number;
  try {
    const integrity = await integrityCheck(copy);
    if (integrity !== 'ok') throw new Error(`The snapshot fails its integrity check: ${integrity}`);
    referenced = (await referencedKeys(copy)).length;
    database = {
      file: DATABASE_FILE,
      bytes: (await stat(databaseTo)).size,
      sha256: await sha256Of(databaseTo),
      integrityCheck: integrity,
      migrations: await migrationLevel(copy),
      rows: await rowCounts(copy),
    };
  } finally {
    copy.close();
  }
  const held = await listFiles(filesTo);
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    startedAt,
    snapshotAt,
    finishedAt: now().toISOString(),
    database,
    files: {
      folder: FILES_FOLDER,
      count: held.size,
      bytes: [...held.values()].reduce((sum, size) => sum + size, 0),
      referenced,
      missing,
    },
    snapshots,
    seconds: {
      files: round(filesSeconds),
      database: round(databaseSeconds),
      sync: round(syncSeconds),
      check: round((performance.now() - checkStarted) / 1000),
      total: round((performance.now() - started) / 1000),
    },
  };
  const manifestFile = join(options.to, MANIFEST_FILE);
  await writeFile(`${manifestFile}.part`, `${JSON.stringify(manifest, null, 2)}\n`);
  await syncPath(`${manifestFile}.part`);
  await rename(`${manifestFile}.part`, manifestFile);
  await syncPath(options.to);
  return manifest;
}

/** Copies each key the snapshot names that is not in hand yet; answers the keys that are gone. */
async function copyNamedFiles(snapshot: string, from: string, to: string, copied: Set<string>): Promise<string[]> {
  const client = connect(snapshot);
  let keys: string[];
  try {
    keys = await referencedKeys(client);
  } finally {
    client.close();
  }
  const missing: string[] = [];
  for (const key of keys) {
    if (copied.has(key)) continue;
    if (await copyKey(from, to, key)) copied.add(key);
    else missing.push(key);
  }
  return missing.sort();
}

async function allStillNamed(live: Client, keys: string[]): Promise<boolean> {
  const named = new Set(await referencedKeys(live));
  return keys.every((key) => named.has(key));
}

/** The backup goes into a new folder, or an empty one (a mount point, say): never over another. */
async function prepareTarget(to: string): Promise<void> {
  try {
    if ((await readdir(to)).length > 0) throw new BackupRefusal(`${to} is not empty; choose a new folder.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(to, { recursive: true });
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** `20261127T023000Z`: sorts by time, and every filesystem takes it as a name. */
export function backupStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}
