import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../db/migrate';
import { openDatabase } from '../db/open';
import { MIGRATIONS_FOLDER } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/** Migrates one template database; each test file copies it (fast, isolated, real libSQL). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'spotless-test-'));
  const file = join(dir, 'template.db');
  const database = await openDatabase(`file:${file}`);
  // The template is empty: the ledger's step has nothing to post, and this setup runs outside the
  // test workers, where the SDK's sources do not resolve before it is built.
  await migrateDatabase(database, MIGRATIONS_FOLDER);
  // Fold the WAL into the main file so a plain copy carries everything.
  await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  database.close();
  project.provide('templateDatabase', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
