import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationDocuments } from '../db/schema';
import { backupWorld, sha256 } from '../test/backup-world';
import { type BackupOptions, takeBackup } from './backup';
import { connect, DATABASE_FILE, FILE_REFERENCES, referencedKeys } from './backup-store';
import { restoreBackup, verifyBackup } from './restore';

/**
 * The order in which a backup copies the files and takes the database's snapshot: the backup is
 * the database as it was at one instant with every file it names, whatever was uploaded and
 * deleted meanwhile, and the schema's every file column is one it follows.
 */
const { ctx, root, filesDir, admin, applicantWithDocuments, deleteDocument, serverOver } = await backupWorld();

describe('the order of files and snapshot', () => {
  const keyOf = async (id: number) =>
    (
      await ctx.database.db
        .select({ key: applicationDocuments.storageKey })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.id, id))
    )[0]?.key ?? '';
  let lostKey = '';
  /** A backup of the server's database and files into `to`, running `hooks` between its steps. */
  const backUp = (to: string, hooks: BackupOptions['hooks']) =>
    takeBackup({ databaseFile: ctx.file, filesDir, to, hooks });

  it('holds the files of the instant it copied: one uploaded after the first copy, one deleted after the snapshot', async () => {
    const [deletedAfterSnapshot, deletedBeforeSnapshot, lost] = (await applicantWithDocuments(3, 'order')) as number[];
    const deletedAfterSnapshotBytes = await ctx.app.request(`/api/documents/${deletedAfterSnapshot}/file`, {
      headers: admin,
    });
    const digest = sha256(new Uint8Array(await deletedAfterSnapshotBytes.arrayBuffer()));
    // Bytes lost before the backup (a disk mishap): no snapshot brings them back, none is retaken for them.
    lostKey = await keyOf(lost as number);
    await rm(join(filesDir, ...lostKey.split('/')));
    let uploadedAfterCopy = 0;
    const to = join(root, 'order');
    const manifest = await backUp(to, {
      async afterFilesCopied() {
        [uploadedAfterCopy] = (await applicantWithDocuments(1, 'after copy')) as [number];
        await deleteDocument(deletedBeforeSnapshot as number);
      },
      async afterSnapshot(snapshot) {
        if (snapshot === 1) await deleteDocument(deletedAfterSnapshot as number);
      },
    });
    expect(manifest.snapshots).toBe(1);
    expect(manifest.files.missing).toEqual([lostKey]);

    const restoredDir = join(root, 'order-restored');
    await restoreBackup({ from: to, databaseFile: join(restoredDir, 'db'), filesDir: join(restoredDir, 'files') });
    const restored = await serverOver(join(restoredDir, 'db'), join(restoredDir, 'files'));
    try {
      const file = (id: number) => restored.app.request(`/api/documents/${id}/file`, { headers: admin });
      expect((await file(uploadedAfterCopy)).status).toBe(200);
      // Its row is in the snapshot, deleted only afterwards: its bytes came from the first copy.
      const kept = await file(deletedAfterSnapshot as number);
      expect(kept.status).toBe(200);
      expect(sha256(new Uint8Array(await kept.arrayBuffer()))).toBe(digest);
      expect((await file(deletedBeforeSnapshot as number)).status).toBe(404);
    } finally {
      restored.database.close();
    }
  });

  it('takes the snapshot again when a file it names was uploaded and deleted while the files were copied', async () => {
    let shortLived = 0;
    let shortLivedKey = '';
    const to = join(root, 'retaken');
    const manifest = await backUp(to, {
      async afterFilesCopied() {
        [shortLived] = (await applicantWithDocuments(1, 'short-lived')) as [number];
        shortLivedKey = await keyOf(shortLived);
      },
      async afterSnapshot(snapshot) {
        if (snapshot === 1) await deleteDocument(shortLived);
      },
    });
    expect(manifest.snapshots).toBe(2);
    expect(manifest.files.missing).toEqual([lostKey]);
    await verifyBackup(to);
    const copy = connect(join(to, DATABASE_FILE));
    try {
      expect(await referencedKeys(copy)).not.toContain(shortLivedKey);
    } finally {
      copy.close();
    }
  });

  it('names, in FILE_REFERENCES, every column of the schema that holds a stored file’s key', async () => {
    const columns = await ctx.database.client.execute(
      "select m.name as t, p.name as c from sqlite_schema m join pragma_table_info(m.name) p where m.type = 'table' and p.name like '%storage%'",
    );
    const named = columns.rows.map((r) => `${r.t}.${r.c}`).sort();
    expect(named).toEqual(FILE_REFERENCES.map((r) => `${r.table}.${r.column}`).sort());
  });
});
