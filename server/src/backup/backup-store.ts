import { createHash } from 'node:crypto';
import { constants, createReadStream, type Dirent, readFileSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { MIGRATIONS_FOLDER } from '../paths';

/**
 * What a backup folder holds and how it is read: `spotless.db` (a snapshot of the embedded
 * database), `files/` (the stored files under their keys) and `manifest.json`, written last, so
 * a folder without one is a backup that never finished.
 */
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_FILE = 'spotless.db';
export const FILES_FOLDER = 'files';
export const MANIFEST_FORMAT = 1;

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** When the command started, and when the database snapshot that was kept began. */
  startedAt: string;
  snapshotAt: string;
  finishedAt: string;
  database: {
    file: typeof DATABASE_FILE;
    bytes: number;
    sha256: string;
    integrityCheck: string;
    migrations: MigrationLevel;
    /** Rows per table of the snapshot. */
    rows: Record<string, number>;
  };
  files: {
    folder: typeof FILES_FOLDER;
    count: number;
    bytes: number;
    /** Files the snapshot's rows name; the rest are kept too (an upload whose row came later, say). */
    referenced: number;
    /** Keys the snapshot names that the live folder did not hold either (lost before the backup). */
    missing: string[];
  };
  /** Snapshots taken: more than one when a named file was deleted before it could be copied. */
  snapshots: number;
  /** Copying the files (first pass), the snapshots, flushing the copy to disk, checking it. */
  seconds: { files: number; database: number; sync: number; check: number; total: number };
}

/** Said to the operator as it is, one sentence, and the command stops. */
export class BackupRefusal extends Error {}

/**
 * Every column that names a stored file by its key (`FileStorage`): a backup holds the file of
 * each such row, and a restore checks it is there. A new table that stores files adds its column
 * here (the backup test fails on a `storage_key` column this list does not name).
 */
export const FILE_REFERENCES = [
  { table: 'application_documents', column: 'storage_key' },
  { table: 'review_photos', column: 'storage_key' },
  { table: 'damage_report_photos', column: 'storage_key' },
] as const;

const REFERENCED_KEYS = FILE_REFERENCES.map(({ table, column }) => `select ${column} as k from ${table}`).join(
  ' union ',
);

/** One connection (settings such as a busy timeout stay on it), never the statement cache's pool. */
export function connect(file: string): Client {
  return createClient({ url: `file:${file}`, concurrency: 1 });
}

export async function referencedKeys(client: Client): Promise<string[]> {
  const result = await client.execute(REFERENCED_KEYS);
  return result.rows.map((row) => String(row.k));
}

export interface MigrationLevel {
  applied: number;
  /** The tag of the last migration applied (`0012_guest_token_index`), null if unknown to this code. */
  latest: string | null;
  latestAt: number | null;
}

/** The migrations this code knows, in order (drizzle-kit's journal). */
export function knownMigrations(): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries;
}

/** Drizzle records each applied migration with its journal time; the latest names the schema's level. */
export async function migrationLevel(client: Client): Promise<MigrationLevel> {
  const exists = await client.execute(
    "select 1 from sqlite_schema where type = 'table' and name = '__drizzle_migrations'",
  );
  if (exists.rows.length === 0) return { applied: 0, latest: null, latestAt: null };
  const row = (await client.execute('select count(*) as n, max(created_at) as at from __drizzle_migrations')).rows[0];
  const latestAt = row?.at == null ? null : Number(row.at);
  const tag = knownMigrations().find((m) => m.when === latestAt)?.tag ?? null;
  return { applied: Number(row?.n ?? 0), latest: tag, latestAt };
}

/** Rows per ordinary table (not the full-text index's shadow tables or SQLite's own). */
export async function rowCounts(client: Client): Promise<Record<string, number>> {
  const tables = await client.execute(
    "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name",
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const table = String(name);
    const counted = await client.execute(`select count(*) as n from "${table.replaceAll('"', '""')}"`);
    rows[table] = Number(counted.rows[0]?.n ?? 0);
  }
  return rows;
}

/** `PRAGMA integrity_check`'s answer: `ok`, or its first problems joined. */
export async function integrityCheck(client: Client): Promise<string> {
  const result = await client.execute('PRAGMA integrity_check(20)');
  return result.rows.map((row) => String(Object.values(row)[0])).join('; ');
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Flushes a file (or a folder's entries) to the disk. */
export async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Every stored file under `root` by key (`documents/7/ab….pdf`), with its size. A `.part` file is
 * an upload still being written (folderFileStorage renames it into place when it is whole); a
 * file deleted while the folder is read is simply not there.
 */
export async function listFiles(root: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  async function visit(folder: string, prefix: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(join(folder, entry.name), key);
      else if (entry.isFile() && !entry.name.endsWith('.part')) {
        try {
          found.set(key, (await stat(join(folder, entry.name))).size);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  }
  await visit(root, '');
  return found;
}

/**
 * Copies the file under `key` from one folder to another; false when the source is gone. A stored
 * file is never changed in place (a new one is renamed over it), so the copy is of one version.
 * Where the filesystem can, the copy shares the bytes until either side changes (a reflink).
 */
export async function copyKey(from: string, to: string, key: string): Promise<boolean> {
  const target = join(to, ...key.split('/'));
  await mkdir(dirname(target), { recursive: true });
  try {
    await copyFile(join(from, ...key.split('/')), target, constants.COPYFILE_FICLONE);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** A database file's path from its libSQL URL, or a refusal naming what to use instead. */
export function localDatabaseFile(url: string): string {
  if (!url.startsWith('file:')) {
    throw new BackupRefusal(
      'This command copies the embedded libSQL file, but DATABASE_URL names a libSQL server or Turso: use Turso’s point-in-time restore for it (docs/deploy.md, "Backups and restore").',
    );
  }
  const path = url.slice('file:'.length).replace(/\?.*$/, '');
  if (path === '' || path === ':memory:' || url.includes('mode=memory')) {
    throw new BackupRefusal('DATABASE_URL names an in-memory database, which has nothing on disk to back up.');
  }
  return path;
}
