import { constants, setPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config';
import { backupStamp, takeBackup } from './backup';
import { BackupRefusal, localDatabaseFile } from './backup-store';
import { restoreBackup } from './restore';

/**
 * `npm run backup [-- --to <dir>]`: a consistent copy of the embedded database and its stored
 * files, taken while the server runs, into `data/backups/<UTC stamp>/` (or `<dir>`).
 * `npm run restore -- <dir>` (the same as `npm run backup -- --restore <dir>`): puts a checked
 * backup in place of the embedded database and files, with no server running.
 * `--database file:<path>` names another database file than the configured one; the files are
 * those of `DATA_DIR`. Refuses a libSQL server or Turso (docs/deploy.md, "Backups and restore").
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { to: { type: 'string' }, restore: { type: 'string' }, database: { type: 'string' } },
  });
  // Only where the data lives matters here: the server's other settings (Stripe, PUBLIC_URL) are
  // not asked for, so a host's cron needs no more than DATA_DIR or DATABASE_URL.
  const config = parseConfig({
    DATABASE_URL: values.database ?? process.env.DATABASE_URL,
    DATA_DIR: process.env.DATA_DIR,
  });
  // npm runs the script in server/; a path typed on the command line is meant from where it was typed.
  const here = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
  const configured = localDatabaseFile(config.database.url);
  const databaseFile = values.database ? here(configured) : configured;
  const filesDir = join(config.dataDir, 'files');
  const log = (line: string) => console.log(line);

  // A folder alone is never taken to mean "restore": that replaces the database.
  if (positionals.length > 0 || (values.restore !== undefined && values.to !== undefined)) {
    throw new BackupRefusal('Usage: backup [--to <folder>] [--database file:<path>], or restore <backup folder>.');
  }
  if (values.restore !== undefined) {
    const from = here(values.restore);
    const { manifest, keptAside } = await restoreBackup({ from, databaseFile, filesDir, log });
    const bookings = manifest.database.rows.bookings ?? 0;
    log(`Restored the snapshot of ${manifest.snapshotAt}: ${bookings} bookings, ${manifest.files.count} files.`);
    if (keptAside.length > 0) log(`What it replaced is kept as ${keptAside.join(', ')}; delete it when satisfied.`);
    return;
  }

  // Never urgent: the server's requests come first for the CPU (the copy and its checks take seconds of it).
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  const to = values.to ? here(values.to) : resolve(config.dataDir, 'backups', backupStamp(new Date()));
  const manifest = await takeBackup({ databaseFile, filesDir, to, log });
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  log(
    `Backup in ${to}: database ${megabytes(manifest.database.bytes)} (${manifest.database.rows.bookings ?? 0} bookings, migration ${manifest.database.migrations.latest}, integrity ${manifest.database.integrityCheck}), ${manifest.files.count} files (${megabytes(manifest.files.bytes)}), in ${manifest.seconds.total.toFixed(1)} s.`,
  );
  if (manifest.files.missing.length > 0) {
    log(
      `Warning: ${manifest.files.missing.length} files named by the database were missing from ${filesDir} before the backup (listed in manifest.json).`,
    );
  }
}

/** A refusal, a bad setting or a bad option is said in its sentence; anything else with its stack. */
const toldPlainly = (error: unknown) =>
  error instanceof ConfigError ||
  error instanceof BackupRefusal ||
  String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');

main().catch((error: unknown) => {
  console.error(toldPlainly(error) ? (error as Error).message : error);
  process.exit(1);
});
