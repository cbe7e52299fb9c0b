import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applicationDocuments, bookings, partners, payments, reviewPhotos, reviews } from '../db/schema';
import { backupWorld, sha256 } from '../test/backup-world';
import { type BackupManifest, BackupRefusal, listFiles, MANIFEST_FILE } from './backup-store';
import { restoreBackup, verifyBackup } from './restore';

/**
 * `npm run backup` beside a server under write load, and the restore: the backup is the database
 * as it was at one instant with every file it names, whatever the server wrote, uploaded and
 * deleted meanwhile; a fresh server over the restored copy finds all of it.
 */
const world = await backupWorld();
const { ctx, root, filesDir, admin, present, serverOver, backupProcess, finished } = world;
const { bookAndPay, reviewWithPhoto, partner, applicantWithDocuments, deleteDocument } = world;

describe('npm run backup beside a server under write load, then restore', () => {
  it('restores, into a fresh server, everything there was when it started, every file readable', async () => {
    for (let i = 0; i < 6; i++) await bookAndPay();
    for (let i = 0; i < 3; i++) await reviewWithPhoto(i);
    for (let i = 0; i < 2; i++) await partner();
    await applicantWithDocuments(3, 'before');
    const before = await present();

    const to = join(root, 'under-load');
    const child = backupProcess(to);
    const done = finished(child);
    let running = true;
    void done.then(() => (running = false));
    // The server keeps taking every kind of write until the backup ends; a new document is
    // deleted again now and then, so files come and go while they are copied.
    let writes = 0;
    for (let n = 0; running; n++) {
      if (n % 4 === 0) await bookAndPay();
      else if (n % 4 === 1) await reviewWithPhoto(n);
      else if (n % 4 === 2) await partner();
      else {
        const [kept, dropped] = await applicantWithDocuments(2, `during ${n}`);
        expect(kept).toBeDefined();
        await deleteDocument(dropped as number);
      }
      writes += 1;
    }
    const { code, stdout, stderr } = await done;
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`Backup in ${to}`);
    // Writes went on while the backup's process ran, every one answered 2xx (ok() checks each).
    expect(writes).toBeGreaterThan(0);

    const restoredDir = join(root, 'restored');
    const { manifest, keptAside } = await restoreBackup({
      from: to,
      databaseFile: join(restoredDir, 'spotless.db'),
      filesDir: join(restoredDir, 'files'),
    });
    expect(keptAside).toEqual([]);
    expect(manifest.database.integrityCheck).toBe('ok');
    expect(manifest.files.missing).toEqual([]);
    const restored = await serverOver(join(restoredDir, 'spotless.db'), join(restoredDir, 'files'));
    try {
      const check = await restored.database.client.execute('PRAGMA integrity_check');
      expect(check.rows[0]?.integrity_check).toBe('ok');
      expect((await restored.database.client.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
      const ids = async (table: typeof bookings | typeof payments | typeof reviews | typeof partners) =>
        new Set((await restored.database.db.select({ id: table.id }).from(table)).map((r) => r.id));
      for (const [name, table] of [
        ['bookings', bookings],
        ['payments', payments],
        ['reviews', reviews],
        ['partners', partners],
      ] as const) {
        const found = await ids(table);
        expect(
          before[name].filter((id) => !found.has(id)),
          `${name} missing from the restored database`,
        ).toEqual([]);
        expect(found.size).toBe(manifest.database.rows[name]);
      }
      // Every document there was, with its bytes, through the restored server's API…
      for (const [id, digest] of before.documents) {
        const res = await restored.app.request(`/api/documents/${id}/file`, { headers: admin });
        expect(res.status, `document ${id}`).toBe(200);
        expect(sha256(new Uint8Array(await res.arrayBuffer())), `document ${id}`).toBe(digest);
      }
      // …and every document and photo the snapshot names, those of the writes during it too.
      for (const row of await restored.database.db.select().from(applicationDocuments)) {
        const res = await restored.app.request(`/api/documents/${row.id}/file`, { headers: admin });
        expect(res.status, `document ${row.id}`).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBe(row.fileSize);
      }
      for (const photo of await restored.database.db.select().from(reviewPhotos)) {
        const res = await restored.app.request(`/api/reviews/${photo.reviewId}/photos/${photo.id}`);
        expect(res.status, `photo ${photo.id}`).toBe(200);
      }
    } finally {
      restored.database.close();
    }
  });
});

describe('refusals', () => {
  it('refuses to restore over a database a server has open, and leaves it as it was', async () => {
    const from = join(root, 'under-load');
    const before = readdirSync(join(ctx.file, '..')).sort();
    await expect(restoreBackup({ from, databaseFile: ctx.file, filesDir })).rejects.toThrow(
      new BackupRefusal(
        `${ctx.file} is in use by another process (is the server running?): stop it, then restore again.`,
      ),
    );
    expect(readdirSync(join(ctx.file, '..')).sort()).toEqual(before);
    expect((await ctx.json('/api/ready')).status).toBe(200);
  });

  it('refuses a folder that is not a finished backup, or whose files do not match its manifest', async () => {
    await expect(verifyBackup(join(root, 'files'))).rejects.toThrow(/holds no manifest.json/);
    const manifest = JSON.parse(readFileSync(join(root, 'under-load', MANIFEST_FILE), 'utf8')) as BackupManifest;
    const [key] = (await listFiles(join(root, 'under-load', 'files'))).keys();
    await rm(join(root, 'under-load', 'files', ...(key as string).split('/')));
    await expect(verifyBackup(join(root, 'under-load'))).rejects.toThrow(
      `its manifest says ${manifest.files.count} of ${manifest.files.bytes}`,
    );
  });

  it('refuses a database that is not a local file in one sentence, naming where Turso’s restore is described', async () => {
    const result = await finished(backupProcess(join(root, 'never'), { DATABASE_URL: 'libsql://spotless.turso.io' }));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('Backups and restore');
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});
