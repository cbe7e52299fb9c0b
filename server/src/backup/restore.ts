import { constants, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { databaseFailure } from '../db/failures';
import { backupStamp } from './backup';
import {
  type BackupManifest,
  BackupRefusal,
  connect,
  copyKey,
  DATABASE_FILE,
  FILES_FOLDER,
  integrityCheck,
  knownMigrations,
  listFiles,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  migrationLevel,
  referencedKeys,
  rowCounts,
  sha256Of,
  syncPath,
} from './backup-store';

/**
 * Checks a backup folder against its manifest before anything is replaced: the database file's
 * checksum, `PRAGMA integrity_check`, rows per table and migration level, and the files' count
 * and bytes, with every file the database names present. Answers the manifest; refuses with the
 * first thing that does not match.
 */
export async function verifyBackup(from: string): Promise<BackupManifest> {
  const manifestFile = join(from, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new BackupRefusal(`${from} holds no ${MANIFEST_FILE}: it is not a backup, or one that never finished.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new BackupRefusal(`${manifestFile} is of format ${manifest.format}; this version reads ${MANIFEST_FORMAT}.`);
  }
  const databaseFile = join(from, DATABASE_FILE);
  if (!existsSync(databaseFile) || (await sha256Of(databaseFile)) !== manifest.database.sha256) {
    throw new BackupRefusal(
      `${databaseFile} is missing or not the file the manifest describes (its checksum differs).`,
    );
  }
  const known = knownMigrations();
  const client = connect(databaseFile);
  try {
    const integrity = await integrityCheck(client);
    if (integrity !== 'ok') throw new BackupRefusal(`${databaseFile} fails its integrity check: ${integrity}.`);
    const level = await migrationLevel(client);
    if (level.applied > known.length || (level.latestAt !== null && level.latest === null)) {
      throw new BackupRefusal(
        `The backup's schema (${level.applied} migrations) is newer than this version's (${known.length}): restore it with the version that made it.`,
      );
    }
    const rows = await rowCounts(client);
    const differing = Object.keys({ ...rows, ...manifest.database.rows }).filter(
      (table) => rows[table] !== manifest.database.rows[table],
    );
    if (differing.length > 0) {
      throw new BackupRefusal(`The backup's rows differ from its manifest in ${differing.join(', ')}.`);
    }
    const files = await listFiles(join(from, FILES_FOLDER));
    const bytes = [...files.values()].reduce((sum, size) => sum + size, 0);
    if (files.size !== manifest.files.count || bytes !== manifest.files.bytes) {
      throw new BackupRefusal(
        `The backup holds ${files.size} files of ${bytes} bytes; its manifest says ${manifest.files.count} of ${manifest.files.bytes}.`,
      );
    }
    const knownMissing = new Set(manifest.files.missing);
    const absent = (await referencedKeys(client)).filter((key) => !files.has(key) && !knownMissing.has(key));
    if (absent.length > 0) {
      throw new BackupRefusal(`The backup lacks ${absent.length} files its database names, such as ${absent[0]}.`);
    }
  } finally {
    client.close();
  }
  return manifest;
}

export interface RestoreOptions {
  /** The backup folder. */
  from: string;
  /** Where the embedded database goes (replacing the one there, kept beside it). */
  databaseFile: string;
  /** Where the stored files go (replacing the folder there, kept beside it). */
  filesDir: string;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** What was replaced, renamed beside itself (`….before-restore-<stamp>`): delete it when satisfied. */
  keptAside: string[];
}

/**
 * Puts a verified backup in place of an embedded database no process has open. Both the database
 * and the files are first staged beside their places, so the switch is four renames; what they
 * replace is kept, renamed, rather than deleted.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const manifest = await verifyBackup(options.from);
  log(`Backup checked: snapshot of ${manifest.snapshotAt}, ${manifest.files.count} files, integrity ok.`);
  await refuseIfInUse(options.databaseFile);

  const stamp = backupStamp(now());
  const stagedDatabase = `${options.databaseFile}.restoring-${stamp}`;
  const stagedFiles = `${options.filesDir}.restoring-${stamp}`;
  try {
    await mkdir(dirname(options.databaseFile), { recursive: true });
    await copyFile(join(options.from, DATABASE_FILE), stagedDatabase, constants.COPYFILE_FICLONE);
    await syncPath(stagedDatabase);
    await mkdir(stagedFiles, { recursive: true });
    for (const key of (await listFiles(join(options.from, FILES_FOLDER))).keys()) {
      await copyKey(join(options.from, FILES_FOLDER), stagedFiles, key);
    }
    // Checked again: a server may have started while the copies were made.
    await refuseIfInUse(options.databaseFile);
  } catch (error) {
    await rm(stagedDatabase, { force: true });
    await rm(stagedFiles, { recursive: true, force: true });
    throw error;
  }

  const keptAside: string[] = [];
  const aside = async (path: string, as: string) => {
    if (!existsSync(path)) return;
    await rename(path, as);
    keptAside.push(as);
  };
  const before = `${options.databaseFile}.before-restore-${stamp}`;
  await aside(options.databaseFile, before);
  // A log or shared-memory file left by the old database must never meet the new one.
  await aside(`${options.databaseFile}-wal`, `${before}-wal`);
  await aside(`${options.databaseFile}-shm`, `${before}-shm`);
  await rename(stagedDatabase, options.databaseFile);
  await aside(options.filesDir, `${options.filesDir}.before-restore-${stamp}`);
  await rename(stagedFiles, options.filesDir);
  await syncPath(dirname(options.databaseFile));
  log(`Restored ${basename(options.from)} to ${options.databaseFile} and ${options.filesDir}.`);
  return { manifest, keptAside };
}

/**
 * Refuses while any process has the database open. Under WAL every open connection, idle or not,
 * holds a shared lock on the file, so leaving WAL (which needs the file to itself) is refused at
 * once while a server, a job or a seed has it. Done, it also folds the log into the file, so the
 * file alone is the whole database; the server turns WAL on again when it opens it.
 *
 * Not an exclusive lock held until close: libSQL closes a connection only when the garbage
 * collector finalises its statements, so such a lock outlives `close()`, and a WAL connection
 * still open when the file is renamed would, on closing, delete the new database's `-wal` by its
 * name. A connection in rollback mode holds no lock between statements and has no log to delete.
 */
async function refuseIfInUse(file: string): Promise<void> {
  if (!existsSync(file)) return;
  if (!(await stat(file)).isFile()) throw new BackupRefusal(`${file} is not a database file.`);
  const inUse = new BackupRefusal(
    `${file} is in use by another process (is the server running?): stop it, then restore again.`,
  );
  const client = connect(file);
  let mode: unknown;
  try {
    mode = (await client.execute('PRAGMA journal_mode = DELETE')).rows[0]?.journal_mode;
  } catch (error) {
    throw databaseFailure(error) === 'busy' ? inUse : error;
  } finally {
    client.close();
  }
  // SQLite answers the mode it kept when it could not change it.
  if (String(mode).toLowerCase() !== 'delete') throw inUse;
}
