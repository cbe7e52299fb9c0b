import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '@libsql/client';

/**
 * The first match of `pattern` in the newest e-mail of `type` to `email`: from the outbox table, or,
 * once the delivery job (each minute) has sent it and blanked the stored copy of a link-carrying
 * e-mail, from the file the embedded mailer wrote for it (`data/outbox/…-{id}-{type}.txt`).
 */
export async function inNewestMail(
  dataDir: string,
  email: string,
  type: string,
  pattern: RegExp,
): Promise<string | undefined> {
  const db = createClient({ url: `file:${join(dataDir, 'spotless.db')}` });
  let row: { id: number; body: string } | undefined;
  try {
    const mail = await db.execute({
      sql: 'select id, body from notifications where recipient_email = ? and type = ? order by id desc limit 1',
      args: [email, type],
    });
    const found = mail.rows[0];
    if (found) row = { id: Number(found.id), body: String(found.body ?? '') };
  } finally {
    db.close();
  }
  if (!row) return undefined;
  const stored = pattern.exec(row.body)?.[0];
  if (stored) return stored;
  const dir = join(dataDir, 'outbox');
  const file = (await readdir(dir).catch(() => [] as string[])).find((name) => name.endsWith(`-${row.id}-${type}.txt`));
  return file ? pattern.exec(await readFile(join(dir, file), 'utf8'))?.[0] : undefined;
}
